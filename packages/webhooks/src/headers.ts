/** The header carrying the delivery's eventId, the same on every attempt (docs/contract.md, Events). */
export const EVENT_ID_HEADER = "X-Service-Event-Id";
/** The header carrying `sha256=` and the hex HMAC-SHA256 of the raw body, when the endpoint has a secret. */
export const SIGNATURE_HEADER = "X-Service-Signature-256";
