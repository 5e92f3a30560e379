import { toViewOptions } from "./calculation-types";
import type { DedupeStore } from "./dedupe-store";
import {
  EVENT_ID_HEADER,
  type HeaderSource,
  readHeader,
  SIGNATURE_HEADER,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from "./headers";
import { verifySignature } from "./signature";
import { verifyStandardWebhook } from "./standard-webhooks";

/** A change notification, checked and read. */
export interface ReceivedNotification {
  readonly kind: "notification";
  readonly eventId: string;
  /** The calculators to re-run: OR of the known updated types (unknown ones ignored). */
  readonly viewOptions: number;
  readonly updatedCalculations: readonly { value: unknown; label: unknown }[];
  /**
   * Marks the eventId processed in the dedupe store (no-op without one). With a `handler`, this
   * has already happened when the handler succeeded; without one, call it after your work is done.
   */
  commit(): Promise<void>;
}

/** What a received delivery turned out to be. */
export type ReceivedEvent =
  | ReceivedNotification
  | { readonly kind: "ping"; readonly eventId: string }
  | { readonly kind: "duplicate"; readonly eventId: string }
  | { readonly kind: "rejected"; readonly reason: string }
  /** The handler threw: nothing was committed; answer 5xx so that the service tries again. */
  | { readonly kind: "failed"; readonly eventId: string; readonly error: unknown };

export interface ReceiverOptions {
  /** The shared secret; every delivery must carry a valid signature. */
  readonly secret: string;
  readonly dedupe?: DedupeStore;
  /**
   * For the Standard Webhooks headers: how far `webhook-timestamp` may be from this receiver's
   * clock, either way, in seconds; default 300 (5 minutes).
   */
  readonly toleranceSeconds?: number;
  /** This receiver's clock in milliseconds since the epoch; default `Date.now`. */
  readonly now?: () => number;
  /**
   * Refuse a delivery without the Standard Webhooks headers (`webhook-id`, `webhook-timestamp`,
   * `webhook-signature`) instead of accepting the body-only `X-Service-Signature-256`. Every
   * signed delivery of the service carries them; set this once your sender does, so that a
   * captured delivery cannot be replayed with those headers stripped. Default false.
   */
  readonly requireTimestampedSignature?: boolean;
  /**
   * Processes a notification (e.g. re-runs Calculate with its `viewOptions`). The eventId is
   * committed to the dedupe store only after it resolves; when it throws, the result is `failed`.
   */
  readonly handler?: (event: ReceivedNotification) => unknown | Promise<unknown>;
}

/**
 * Checks and reads one delivery from its raw body bytes (verify before parsing: never re-serialise
 * first). Rejects a missing or wrong signature: with the Standard Webhooks headers present, those
 * (`verifyStandardWebhook`: id, timestamp and body signed, the timestamp within `toleranceSeconds`,
 * so a captured delivery replayed later is refused), otherwise `X-Service-Signature-256` (unless
 * `requireTimestampedSignature`). Tolerates unknown fields and calculation types; tells pings
 * (ping true, or no updatedCalculations) from notifications; drops an eventId the dedupe store has
 * committed. Answer 2xx for `notification`, `ping` and `duplicate`, 401 for `rejected` and 5xx for
 * `failed` (the service retries it with the same eventId).
 */
export async function receiveWebhook(
  rawBody: string | Uint8Array,
  headers: HeaderSource,
  options: ReceiverOptions,
): Promise<ReceivedEvent> {
  const timestamped =
    options.requireTimestampedSignature === true ||
    [WEBHOOK_ID_HEADER, WEBHOOK_TIMESTAMP_HEADER, WEBHOOK_SIGNATURE_HEADER].some(
      (name) => readHeader(headers, name) !== undefined,
    );
  // With the Standard Webhooks headers (any of the three), they decide: signature over id,
  // timestamp and body, timestamp within the window. The dedupe store is not asked here: an id
  // already processed is answered `duplicate` below (a 2xx), since the service retries an attempt
  // whose 2xx was lost with the same id and a fresh timestamp.
  let webhookId: string | undefined;
  if (timestamped) {
    const verification = await verifyStandardWebhook(rawBody, headers, {
      secret: options.secret,
      ...(options.toleranceSeconds === undefined ? {} : { toleranceSeconds: options.toleranceSeconds }),
      ...(options.now === undefined ? {} : { now: options.now }),
    });
    if (!verification.valid) return { kind: "rejected", reason: verification.reason };
    webhookId = verification.id;
  } else if (!verifySignature(options.secret, rawBody, readHeader(headers, SIGNATURE_HEADER))) {
    return { kind: "rejected", reason: "missing or invalid signature" };
  }
  let body: unknown;
  try {
    body = JSON.parse(typeof rawBody === "string" ? rawBody : Buffer.from(rawBody).toString("utf8"));
  } catch {
    return { kind: "rejected", reason: "body is not JSON" };
  }
  if (!body || typeof body !== "object") return { kind: "rejected", reason: "body is not an object" };
  const data = body as { eventId?: unknown; ping?: unknown; updatedCalculations?: unknown };
  const eventId =
    typeof data.eventId === "string" ? data.eventId : (webhookId ?? readHeader(headers, EVENT_ID_HEADER));
  if (!eventId) return { kind: "rejected", reason: "no eventId" };
  // The signed webhook-id is the eventId (docs/contract.md, Events): a body under another id is refused.
  if (webhookId !== undefined && webhookId !== eventId) {
    return { kind: "rejected", reason: "webhook-id differs from the body's eventId" };
  }
  // Pings carry no work and get a single attempt: they are not recorded in the dedupe store.
  if (data.ping === true || !Array.isArray(data.updatedCalculations)) return { kind: "ping", eventId };
  const dedupe = options.dedupe;
  if (dedupe && (await dedupe.seen(eventId))) return { kind: "duplicate", eventId };
  const updated = (data.updatedCalculations as unknown[]).filter(
    (e): e is { value: unknown; label: unknown } => !!e && typeof e === "object",
  );
  let committed = false;
  const event: ReceivedNotification = {
    kind: "notification",
    eventId,
    viewOptions: toViewOptions(updated),
    updatedCalculations: updated,
    async commit() {
      if (committed || !dedupe) return;
      await dedupe.commit(eventId);
      committed = true;
    },
  };
  if (!options.handler) return event;
  try {
    await options.handler(event);
  } catch (error) {
    return { kind: "failed", eventId, error };
  }
  await event.commit();
  return event;
}
