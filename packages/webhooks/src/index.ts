/**
 * @module
 * `@cartax/webhooks`: what a receiver of the Cartax service's webhooks needs (docs/contract.md,
 * Events): `receiveWebhook` (signature check over the raw bytes, replays outside the tolerance
 * window refused, pings told from notifications, duplicates dropped), the signature primitives
 * (the service's `X-Service-Signature-256` and the Standard Webhooks `webhook-signature`) and a
 * dedupe store whose `commit` step runs only after the handler succeeded. The sender (outbox, worker, retries) is part of the service.
 *
 * @example Receiving (any framework: give it the raw body bytes and the headers)
 * ```ts
 * import { MemoryDedupeStore, receiveWebhook } from "@cartax/webhooks";
 *
 * const dedupe = new MemoryDedupeStore();
 * const event = await receiveWebhook(rawBody, request.headers, {
 *   secret: process.env.CARTAX_WEBHOOK_SECRET!,
 *   dedupe,
 *   handler: (notification) => recalculate({ viewOptions: notification.viewOptions }),
 * });
 * if (event.kind === "rejected") return respond(401);
 * if (event.kind === "failed") return respond(500); // not committed: the retry is handled again
 * return respond(204); // notifications, pings and duplicates
 * ```
 */
export { toViewOptions } from "./calculation-types";
export { type DedupeStore, MemoryDedupeStore } from "./dedupe-store";
export {
  EVENT_ID_HEADER,
  type HeaderSource,
  SIGNATURE_HEADER,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from "./headers";
export {
  type ReceivedEvent,
  type ReceivedNotification,
  type ReceiverOptions,
  receiveWebhook,
} from "./receiver";
export { signBody, verifySignature } from "./signature";
export {
  DEFAULT_TOLERANCE_SECONDS,
  type StandardWebhookOptions,
  type StandardWebhookVerification,
  signStandardWebhook,
  standardWebhookKey,
  toStandardWebhooksSecret,
  verifyStandardWebhook,
} from "./standard-webhooks";
