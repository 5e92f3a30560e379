/** The header carrying the delivery's eventId, the same on every attempt (docs/contract.md, Events). */
export const EVENT_ID_HEADER = "X-Service-Event-Id";
/** The header carrying `sha256=` and the hex HMAC-SHA256 of the raw body, when the endpoint has a secret. */
export const SIGNATURE_HEADER = "X-Service-Signature-256";
/** Standard Webhooks: the delivery's unique id, here its eventId (the same on every attempt). */
export const WEBHOOK_ID_HEADER = "webhook-id";
/** Standard Webhooks: when this attempt was signed, as integer Unix seconds. */
export const WEBHOOK_TIMESTAMP_HEADER = "webhook-timestamp";
/** Standard Webhooks: space-separated `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`. */
export const WEBHOOK_SIGNATURE_HEADER = "webhook-signature";

/** Request headers as Fetch gives them (`Headers`) or as Node's `request.headers` does. */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

/** One header's value, looked up case-insensitively; the first when repeated. */
export function readHeader(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const lower = name.toLowerCase();
  let value = headers[name] ?? headers[lower];
  if (value === undefined) {
    const key = Object.keys(headers).find((k) => k.toLowerCase() === lower);
    value = key === undefined ? undefined : headers[key];
  }
  return Array.isArray(value) ? value[0] : value;
}
