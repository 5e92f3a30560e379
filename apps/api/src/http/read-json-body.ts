import { isUtf8 } from "node:buffer";
import type { IncomingMessage } from "node:http";
import type { HttpBindings } from "@hono/node-server";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import { checkJsonDepth } from "./json-depth";
import { ProblemError } from "./problem";

/** Request bodies larger than this are refused with 413 (the limit is in the README and OpenAPI). */
export const MAX_BODY_BYTES = 64 * 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;

/**
 * The JSON body of a request: 415 unless the content type is JSON, 413 above the limit (checked
 * while reading, so a lying or absent Content-Length cannot get past it), 400 when unparseable.
 */
export async function readJsonBody(c: Context): Promise<{ parsed: unknown; text: string }> {
  const type = c.req.header("content-type") ?? "";
  if (!JSON_TYPE.test(type)) {
    throw new ProblemError(
      "unsupported_media_type",
      `the body must be sent as application/json${type ? `, not ${type.split(";")[0]}` : " (Content-Type header missing)"}`,
    );
  }
  const declared = Number(c.req.header("content-length"));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw tooLarge();
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  const bytes =
    incoming && !incoming.readableDidRead ? await readIncoming(incoming) : await readStream(c.req.raw.body);
  if (!bytes) throw new ProblemError("malformed_json", "the body is empty; a JSON object is expected");
  // JSON is UTF-8 (RFC 8259 §8.1): bytes that are not would be decoded to U+FFFD and stored so,
  // silently changed; refused instead.
  if (!isUtf8(bytes))
    throw new ProblemError("malformed_json", "the body is not UTF-8 text; JSON must be sent as UTF-8");
  // A UTF-8 byte order mark before the JSON (Windows tools write one) is not part of it (RFC 8259 §8.1
  // lets a parser ignore it): dropped, not a 400.
  const text = withoutByteOrderMark(bytes.toString("utf8"));
  if (text.trim() === "")
    throw new ProblemError("malformed_json", "the body is empty; a JSON object is expected");
  // The route's validator reads the body again through Hono's body cache, not the spent stream.
  // (Hono keeps promises there, whatever its type says.)
  (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ProblemError("malformed_json", `the body is not valid JSON: ${(error as Error).message}`);
  }
  checkJsonDepth(parsed);
  return { parsed, text };
}

/** The text without a leading byte order mark (U+FEFF), as JSON.parse would refuse it. */
export const withoutByteOrderMark = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

const tooLarge = () =>
  new ProblemError("payload_too_large", `the body is larger than ${MAX_BODY_BYTES} bytes (64 KiB)`);

/**
 * The body straight from Node's request stream (on @hono/node-server): going through
 * `Request.body` builds a web ReadableStream per request, which cost more than the whole engine
 * under load. Reading stops at the limit; the adapter drains or drops the rest after the answer.
 */
function readIncoming(incoming: IncomingMessage): Promise<Buffer> {
  if (incoming.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (outcome: () => void) => {
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("error", onEnded);
      incoming.off("close", onEnded);
      outcome();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) {
        incoming.pause();
        finish(() => reject(tooLarge()));
      } else chunks.push(chunk);
    };
    const onEnd = () => finish(() => resolve(Buffer.concat(chunks, size)));
    const onEnded = () =>
      finish(() => reject(new ProblemError("malformed_json", "the body ended before it was complete")));
    incoming.on("data", onData);
    incoming.once("end", onEnd);
    incoming.once("error", onEnded);
    incoming.once("close", onEnded);
  });
}

/** The body of a plain fetch Request (app.request() in tests, other adapters), with the same limit. */
async function readStream(body: ReadableStream<Uint8Array> | null): Promise<Buffer | undefined> {
  if (!body) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/**
 * Route middleware of every operation with a JSON body: reads it with the rules above before the
 * route's validator runs (which then reads it from Hono's body cache), and keeps it as received.
 */
export const jsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Already read to fingerprint an Idempotency-Key (idempotency.ts).
  if (c.get("bodyText") !== undefined) return next();
  const { parsed, text } = await readJsonBody(c);
  c.set("body", parsed);
  c.set("bodyText", text);
  await next();
};
