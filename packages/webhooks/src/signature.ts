import { createHmac, timingSafeEqual } from "node:crypto";

const PREFIX = "sha256=";

/**
 * The `X-Service-Signature-256` value of a delivery: `sha256=` and the lowercase hex HMAC-SHA256
 * of the raw body bytes, keyed with the shared secret (docs/contract.md, Events › Signature).
 */
export function signBody(secret: string, body: string | Uint8Array): string {
  return PREFIX + createHmac("sha256", secret).update(body).digest("hex");
}

/**
 * Checks a received signature header against the raw body, in constant time.
 * A missing header is unauthenticated (spec rule 4), so it never verifies.
 */
export function verifySignature(
  secret: string,
  body: string | Uint8Array,
  header: string | null | undefined,
): boolean {
  if (!header?.startsWith(PREFIX)) return false;
  const expected = Buffer.from(signBody(secret, body), "utf8");
  const received = Buffer.from(header, "utf8");
  // timingSafeEqual needs equal lengths; a length mismatch is a mismatch without comparing bytes.
  return expected.length === received.length && timingSafeEqual(expected, received);
}
