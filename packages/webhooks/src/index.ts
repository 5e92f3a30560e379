/**
 * @module
 * `@cartax/webhooks`: the Cartax service's webhook deliveries (docs/contract.md, Events) — signed
 * POSTs with retries over a durable outbox — and the helper receivers use to check and read them.
 *
 * @example Receiving (any framework: give it the raw body bytes and the headers)
 * ```ts
 * import { MemoryDedupeStore, receiveWebhook } from "@cartax/webhooks";
 *
 * const dedupe = new MemoryDedupeStore();
 * const event = await receiveWebhook(rawBody, request.headers, { secret: process.env.CARTAX_WEBHOOK_SECRET!, dedupe });
 * if (event.kind === "rejected") return respond(401);
 * if (event.kind === "notification") recalculate({ viewOptions: event.viewOptions });
 * return respond(204); // pings and duplicates too
 * ```
 */
export {
  type AttemptResult,
  attemptDelivery,
  DEFAULT_TIMEOUT_MS,
  type DeliveryRequest,
  EVENT_ID_HEADER,
  parseRetryAfter,
  SIGNATURE_HEADER,
} from "./attempt-delivery";
export { parseCalculationTypes, toViewOptions, type UpdatedCalculation } from "./calculation-types";
export { DeliveryWorker, type DeliveryWorkerOptions } from "./delivery-worker";
export type { ClaimedDelivery, DeliveryNext, Outbox } from "./outbox";
export { type ChangeNotification, changeNotification, type Ping, ping } from "./payloads";
export {
  type DedupeStore,
  MemoryDedupeStore,
  type ReceivedEvent,
  type ReceiverOptions,
  receiveWebhook,
} from "./receiver";
export { DEFAULT_RETRY_POLICY, type RetryPolicy, retryDelay } from "./retry-policy";
export { signBody, verifySignature } from "./signature";
