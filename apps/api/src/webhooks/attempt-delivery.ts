import {
  EVENT_ID_HEADER,
  SIGNATURE_HEADER,
  signBody,
  signStandardWebhook,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from "@cartax/webhooks";

/** The spec's response timeout. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface DeliveryRequest {
  readonly url: string;
  readonly eventId: string;
  /** The exact JSON text to send; these bytes are signed. */
  readonly body: string;
  readonly secret?: string | null;
  readonly timeoutMs?: number;
  /** The clock of the attempt's `webhook-timestamp`, in milliseconds; default `Date.now`. */
  readonly now?: () => number;
}

/**
 * How one attempt ended: `success` (any 2xx), `transient` (network error, timeout, 5xx, 408, 429:
 * worth retrying) or `permanent` (any other answer, e.g. 400, 404, 410, a redirect: not retried).
 * What becomes of the delivery is decided by `afterAttempt` (webhook-delivery-states.ts of
 * @cartax/storage), which delivery-lifecycle.ts applies and records.
 */
export interface AttemptResult {
  readonly outcome: "success" | "transient" | "permanent";
  readonly status: number | null;
  readonly latencyMs: number;
  readonly error: string | null;
  /** From a Retry-After header on 429/503, in milliseconds. */
  readonly retryAfterMs: number | null;
}

/** Retry-After as delay-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * Makes one POST of a delivery, as the spec's Delivery and Signature tables say. With a secret it
 * is signed twice over the same bytes: `X-Service-Signature-256` (the body, for existing
 * receivers) and the Standard Webhooks headers (`webhook-id` = the eventId, `webhook-timestamp` =
 * this attempt's Unix seconds, `webhook-signature` over both and the body), so that a receiver can
 * refuse a captured delivery replayed later (docs/contract.md, Events › Signature).
 */
export async function attemptDelivery(request: DeliveryRequest): Promise<AttemptResult> {
  const headers: Record<string, string> = {
    "Content-Type": "application/json; charset=utf-8",
    [EVENT_ID_HEADER]: request.eventId,
    "User-Agent": "cartax-webhooks/1",
  };
  const bytes = Buffer.from(request.body, "utf8");
  if (request.secret) {
    headers[SIGNATURE_HEADER] = signBody(request.secret, bytes);
    // Each attempt is signed afresh: a retry carries the same id and a new timestamp.
    const timestamp = Math.floor((request.now ?? Date.now)() / 1000);
    headers[WEBHOOK_ID_HEADER] = request.eventId;
    headers[WEBHOOK_TIMESTAMP_HEADER] = String(timestamp);
    headers[WEBHOOK_SIGNATURE_HEADER] = signStandardWebhook(
      request.secret,
      request.eventId,
      timestamp,
      bytes,
    );
  }
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(request.url, {
      method: "POST",
      headers,
      body: bytes,
      redirect: "manual",
      signal: AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    // The body is not used; reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    const status = response.status;
    const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
    if (status >= 200 && status < 300)
      return { outcome: "success", status, latencyMs: elapsed(), error: null, retryAfterMs: null };
    const transient = status >= 500 || status === 408 || status === 429;
    return {
      outcome: transient ? "transient" : "permanent",
      status,
      latencyMs: elapsed(),
      error: `HTTP ${status}`,
      retryAfterMs,
    };
  } catch (error) {
    const name = (error as Error).name;
    const message =
      name === "TimeoutError" || name === "AbortError"
        ? `timed out after ${request.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms`
        : `network error: ${((error as Error & { cause?: Error }).cause ?? (error as Error)).message}`;
    return { outcome: "transient", status: null, latencyMs: elapsed(), error: message, retryAfterMs: null };
  }
}
