import { createHmac, timingSafeEqual } from "node:crypto";
import type { DedupeStore } from "./dedupe-store";
import {
  type HeaderSource,
  readHeader,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from "./headers";

/**
 * The Standard Webhooks signature (spec 1.0.0, "Signature scheme" and "Webhook headers"), sent by
 * the service beside its own `X-Service-Signature-256` (docs/contract.md, Events): `webhook-id`
 * (the eventId), `webhook-timestamp` (integer Unix seconds of the attempt) and `webhook-signature`
 * (`v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`). Signing the timestamp is what
 * lets a receiver refuse a captured delivery replayed later.
 */

const SECRET_PREFIX = "whsec_";
/** The spec's symmetric secrets: at least 24 bytes, 512 bits at most. */
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;
/** The window a receiver accepts around its clock, as the spec's reference libraries default to. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/**
 * The HMAC key of the Standard Webhooks signature for one endpoint secret, as the service keeps it:
 * - a `whsec_` secret whose remainder is base64 (standard `+/` or URL-safe `-_` alphabet, padding
 *   optional) of 24 to 64 bytes is a spec secret: the key is those decoded bytes (every secret
 *   `cartax webhook add --generate-secret` prints is one: 32 random bytes);
 * - any other secret (a passphrase the operator agreed with the receiver, `--secret`) is used as
 *   its UTF-8 bytes, as the `X-Service-Signature-256` signature has always used it.
 * Sender and receiver both call this, so they always agree. Throws on an empty secret (its message
 * never contains the secret).
 */
export function standardWebhookKey(secret: string): Buffer {
  if (secret.length === 0) throw new TypeError("the webhook secret is empty");
  const decoded = decodeSpecSecret(secret);
  return decoded ?? Buffer.from(secret, "utf8");
}

/** The bytes of a `whsec_<base64>` secret, or undefined when the secret is not of that form. */
function decodeSpecSecret(secret: string): Buffer | undefined {
  if (!secret.startsWith(SECRET_PREFIX)) return undefined;
  const encoded = secret.slice(SECRET_PREFIX.length);
  const standard = /^[A-Za-z0-9+/]+={0,2}$/.test(encoded);
  const urlSafe = /^[A-Za-z0-9_-]+={0,2}$/.test(encoded);
  if (!standard && !urlSafe) return undefined;
  const bytes = Buffer.from(encoded, standard ? "base64" : "base64url");
  // Canonical only: re-encoding the bytes gives the same characters (no stray bits, no bad length).
  const unpadded = encoded.replace(/=+$/, "");
  const again = bytes.toString(standard ? "base64" : "base64url").replace(/=+$/, "");
  if (again !== unpadded) return undefined;
  if (bytes.length < MIN_KEY_BYTES || bytes.length > MAX_KEY_BYTES) return undefined;
  return bytes;
}

/**
 * The same key written as the spec serialises secrets (`whsec_` and standard, padded base64), for
 * a receiver that verifies with another Standard Webhooks library: give it this string. A secret
 * that is not a spec secret (a passphrase) becomes the base64 of its UTF-8 bytes.
 */
export function toStandardWebhooksSecret(secret: string): string {
  return SECRET_PREFIX + standardWebhookKey(secret).toString("base64");
}

/**
 * The `webhook-signature` value of one attempt: `v1,` and the base64 HMAC-SHA256 of
 * `{id}.{timestamp}.{body}` over the exact body bytes, keyed with `standardWebhookKey(secret)`.
 * The id must not contain `.` (the spec's rule, so that id, timestamp and body cannot be re-split).
 */
export function signStandardWebhook(
  secret: string,
  id: string,
  timestamp: number,
  body: string | Uint8Array,
): string {
  if (id.length === 0 || id.includes(".")) throw new TypeError("a webhook id must be non-empty, without '.'");
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new TypeError("a webhook timestamp is a non-negative integer of Unix seconds");
  }
  const mac = createHmac("sha256", standardWebhookKey(secret));
  mac.update(`${id}.${timestamp}.`, "utf8");
  mac.update(body);
  return `v1,${mac.digest("base64")}`;
}

/** What the Standard Webhooks headers of a delivery turned out to be. */
export type StandardWebhookVerification =
  | { readonly valid: true; readonly id: string; readonly timestamp: number }
  | {
      readonly valid: false;
      /**
       * `missing-headers`: one of the three headers is absent; `invalid-id` (empty or with a `.`);
       * `invalid-timestamp`: not integer seconds; `timestamp-outside-tolerance`: too old or too far
       * in the future (a replay, or a clock off by more than the window); `invalid-signature`: no
       * `v1` signature matches (a tampered body, id or timestamp, or another secret); `replayed`:
       * authentic, but the dedupe store has committed this id already.
       */
      readonly reason:
        | "missing-headers"
        | "invalid-id"
        | "invalid-timestamp"
        | "timestamp-outside-tolerance"
        | "invalid-signature"
        | "replayed";
    };

export interface StandardWebhookOptions {
  /** The endpoint's shared secret (see `standardWebhookKey` for how it becomes the HMAC key). */
  readonly secret: string;
  /** How far `webhook-timestamp` may be from the receiver's clock, either way; default 300 (5 minutes). */
  readonly toleranceSeconds?: number;
  /** The receiver's clock in milliseconds since the epoch; default `Date.now`. */
  readonly now?: () => number;
  /** When given, an authentic delivery whose id this store has committed is refused as `replayed`. */
  readonly dedupe?: DedupeStore;
}

/**
 * Checks the Standard Webhooks headers of a delivery over its raw body bytes: all three present,
 * the timestamp within the tolerance window of the receiver's clock, at least one of the
 * space-separated `v1` signatures equal (constant-time) to the one computed here, and, with a
 * dedupe store, an id not committed before. Outside the window a captured delivery is refused
 * whatever its signature; inside it, the dedupe store refuses the same id twice.
 */
export async function verifyStandardWebhook(
  rawBody: string | Uint8Array,
  headers: HeaderSource,
  options: StandardWebhookOptions,
): Promise<StandardWebhookVerification> {
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (!Number.isFinite(tolerance) || tolerance < 0) {
    throw new TypeError("toleranceSeconds must be a non-negative number");
  }
  const id = readHeader(headers, WEBHOOK_ID_HEADER);
  const timestampText = readHeader(headers, WEBHOOK_TIMESTAMP_HEADER);
  const signatures = readHeader(headers, WEBHOOK_SIGNATURE_HEADER);
  if (id === undefined || timestampText === undefined || signatures === undefined) {
    return { valid: false, reason: "missing-headers" };
  }
  if (id.length === 0 || id.includes(".")) return { valid: false, reason: "invalid-id" };
  if (!/^[0-9]{1,15}$/.test(timestampText)) return { valid: false, reason: "invalid-timestamp" };
  const timestamp = Number(timestampText);
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000);
  if (Math.abs(nowSeconds - timestamp) > tolerance) {
    return { valid: false, reason: "timestamp-outside-tolerance" };
  }
  const expected = Buffer.from(signStandardWebhook(options.secret, id, timestamp, rawBody), "utf8");
  let matched = false;
  for (const candidate of signatures.split(" ")) {
    const received = Buffer.from(candidate, "utf8");
    // timingSafeEqual needs equal lengths; a length mismatch is a mismatch without comparing bytes.
    // Every candidate is compared (no early exit), so the time does not say which one matched.
    if (received.length === expected.length && timingSafeEqual(received, expected)) matched = true;
  }
  if (!matched) return { valid: false, reason: "invalid-signature" };
  if (options.dedupe && (await options.dedupe.seen(id))) return { valid: false, reason: "replayed" };
  return { valid: true, id, timestamp };
}
