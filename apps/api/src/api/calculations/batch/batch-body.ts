import { BATCH_LIMITS, type NdjsonLine } from "@cartax/schemas";
import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import type { AppEnv } from "../../../http/app-env";
import { ProblemError } from "../../../http/problem";
import { LIMIT_TEXT, NDJSON, NDJSON_TYPE } from "./batch-route";

/** The body's lines up to the limit; past it one mark, and nothing more is read. */
export async function* withinLimit(
  lines: AsyncIterable<NdjsonLine>,
): AsyncGenerator<NdjsonLine | { over: number }> {
  for await (const line of lines) {
    if (line.line > BATCH_LIMITS.maxLines) {
      yield { over: line.line };
      return;
    }
    yield line;
  }
}

/**
 * The request body as a stream of chunks: Node's request itself on the Node server, else the fetch
 * body. Stopping early (past the limit) leaves the stream open: destroying Node's request would
 * close the socket under the answer still being written; the adapter drains the rest afterwards.
 */
export function bodyChunks(c: Context<AppEnv>): AsyncIterable<Uint8Array> {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  if (incoming && !incoming.readableDidRead) return incoming.iterator({ destroyOnReturn: false });
  const body = c.req.raw.body as
    | (ReadableStream<Uint8Array> & {
        values(options: { preventCancel: boolean }): AsyncIterable<Uint8Array>;
      })
    | null;
  if (!body) return (async function* () {})();
  return body.values({ preventCancel: true });
}

/** 415 unless the body is NDJSON; 413 when its declared length alone is beyond any valid batch. */
export function checkBatchHeaders(c: Context<AppEnv>): void {
  const type = c.req.header("content-type") ?? "";
  if (!NDJSON_TYPE.test(type))
    throw new ProblemError(
      "unsupported_media_type",
      `the batch must be sent as ${NDJSON} (one CalculationRequest per line)${type ? `, not ${type.split(";")[0]}` : " (Content-Type header missing)"}`,
    );
  const declared = Number(c.req.header("content-length"));
  if (Number.isFinite(declared) && declared > BATCH_LIMITS.maxLines * (BATCH_LIMITS.maxLineBytes + 2))
    throw new ProblemError(
      "payload_too_large",
      `the body is larger than ${LIMIT_TEXT} lines of 64 KiB can be; send at most ${LIMIT_TEXT} requests per batch`,
    );
}
