import { EVENT_ID_HEADER, SIGNATURE_HEADER } from "./attempt-delivery";
import { toViewOptions } from "./calculation-types";
import { verifySignature } from "./signature";

/** Remembers processed eventIds (retries can bring the same event twice). */
export interface DedupeStore {
  /** Records the id; resolves true when it was seen before. Must be atomic for concurrent calls. */
  seen(eventId: string): Promise<boolean> | boolean;
}

/** An in-memory DedupeStore keeping the most recent `limit` ids (default 10,000). */
export class MemoryDedupeStore implements DedupeStore {
  private readonly ids = new Set<string>();
  constructor(private readonly limit = 10_000) {}
  seen(eventId: string): boolean {
    if (this.ids.has(eventId)) return true;
    this.ids.add(eventId);
    if (this.ids.size > this.limit) {
      const oldest = this.ids.values().next().value;
      if (oldest !== undefined) this.ids.delete(oldest);
    }
    return false;
  }
}

/** What a received delivery turned out to be. */
export type ReceivedEvent =
  | {
      readonly kind: "notification";
      readonly eventId: string;
      /** The calculators to re-run: OR of the known updated types (unknown ones ignored). */
      readonly viewOptions: number;
      readonly updatedCalculations: readonly { value: unknown; label: unknown }[];
    }
  | { readonly kind: "ping"; readonly eventId: string }
  | { readonly kind: "duplicate"; readonly eventId: string }
  | { readonly kind: "rejected"; readonly reason: string };

export interface ReceiverOptions {
  /** The shared secret; every delivery must carry a valid signature. */
  readonly secret: string;
  readonly dedupe?: DedupeStore;
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
 * tells pings (ping true, or no updatedCalculations) from notifications; drops duplicates. Answer
 * 2xx for everything but `rejected` (401), so the service does not retry what you already have.
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
  const isPing = data.ping === true || !Array.isArray(data.updatedCalculations);
  if (options.dedupe && (await options.dedupe.seen(eventId))) return { kind: "duplicate", eventId };
  if (isPing) return { kind: "ping", eventId };
  const updated = (data.updatedCalculations as unknown[]).filter(
    (e): e is { value: unknown; label: unknown } => !!e && typeof e === "object",
  );
  return { kind: "notification", eventId, viewOptions: toViewOptions(updated), updatedCalculations: updated };
}
