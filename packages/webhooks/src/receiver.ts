import { toViewOptions } from "./calculation-types";
import { EVENT_ID_HEADER, SIGNATURE_HEADER } from "./headers";
import { verifySignature } from "./signature";

/**
 * Remembers the eventIds a receiver has processed (retries and redeliveries bring the same event
 * again). Two steps, so that an event counts as processed only once its handler succeeded: `seen`
 * asks, `commit` records after the work is done. A handler that fails is not committed, and the
 * service's retry of that eventId is then handled again instead of being dropped as a duplicate.
 */
export interface DedupeStore {
  /** True when the eventId was committed before. */
  seen(eventId: string): Promise<boolean> | boolean;
  /** Records the eventId as processed; called only after the handler succeeded. */
  commit(eventId: string): Promise<void> | void;
}

/** An in-memory DedupeStore keeping the most recent `limit` committed ids (default 10,000). */
export class MemoryDedupeStore implements DedupeStore {
  private readonly ids = new Set<string>();
  constructor(private readonly limit = 10_000) {}
  seen(eventId: string): boolean {
    return this.ids.has(eventId);
  }
  commit(eventId: string): void {
    this.ids.add(eventId);
    if (this.ids.size > this.limit) {
      const oldest = this.ids.values().next().value;
      if (oldest !== undefined) this.ids.delete(oldest);
    }
  }
}

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
   * Processes a notification (e.g. re-runs Calculate with its `viewOptions`). The eventId is
   * committed to the dedupe store only after it resolves; when it throws, the result is `failed`.
   */
  readonly handler?: (event: ReceivedNotification) => unknown | Promise<unknown>;
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Checks and reads one delivery from its raw body bytes (verify before parsing: never re-serialise
 * first). Rejects a missing or wrong signature; tolerates unknown fields and calculation types;
 * tells pings (ping true, or no updatedCalculations) from notifications; drops an eventId the
 * dedupe store has committed. Answer 2xx for `notification`, `ping` and `duplicate`, 401 for
 * `rejected` and 5xx for `failed` (the service retries it with the same eventId).
 */
export async function receiveWebhook(
  rawBody: string | Uint8Array,
  headers: HeaderSource,
  options: ReceiverOptions,
): Promise<ReceivedEvent> {
  if (!verifySignature(options.secret, rawBody, header(headers, SIGNATURE_HEADER))) {
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
  const eventId = typeof data.eventId === "string" ? data.eventId : header(headers, EVENT_ID_HEADER);
  if (!eventId) return { kind: "rejected", reason: "no eventId" };
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
