import type { Context } from "hono";
import { ProblemError } from "./problem";

/** Request bodies larger than this are refused with 413 (the limit is in the README and OpenAPI). */
export const MAX_BODY_BYTES = 64 * 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;

/**
 * The JSON body of a request: 415 unless the content type is JSON, 413 above the limit (checked
 * while reading, so a lying or absent Content-Length cannot get past it), 400 when unparseable.
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (!JSON_TYPE.test(type)) {
    throw new ProblemError(
      "unsupported_media_type",
      `the body must be sent as application/json${type ? `, not ${type.split(";")[0]}` : " (Content-Type header missing)"}`,
    );
  }
  const declared = Number(c.req.header("content-length"));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw tooLarge();
  const body = c.req.raw.body;
  if (!body) throw new ProblemError("malformed_json", "the body is empty; a JSON object is expected");
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
  const text = new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
  if (text.trim() === "")
    throw new ProblemError("malformed_json", "the body is empty; a JSON object is expected");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ProblemError("malformed_json", `the body is not valid JSON: ${(error as Error).message}`);
  }
}

const tooLarge = () =>
  new ProblemError("payload_too_large", `the body is larger than ${MAX_BODY_BYTES} bytes (64 KiB)`);
