import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { parseAccept } from "hono/utils/accept";

/**
 * Compression of answers (issue 29): an answer of at least 1 KB of a text type (JSON, problem
 * details, NDJSON, CSV, HTML, SVG, JavaScript, CSS) leaves as `br` or `gzip` when the request's
 * Accept-Encoding takes one (the higher quality wins, gzip on a tie), with `Vary: Accept-Encoding`
 * on every answer of a text type, compressed or not. Node's zlib does the work: a buffered answer
 * at once; a streamed one (the batch's NDJSON) chunk by chunk,
 * flushed after each chunk, so a line is never held back waiting for more and the stream keeps
 * its back-pressure (a chunk is read only when the client took the previous one).
 *
 * Levels (bench/README.md, "Compression"): gzip level 1 (nginx's default) and brotli quality 1 with
 * a 64 KB window. On the benchmark's lean answer of 4.7 KB, CPU time per answer: gzip 1 32 µs
 * (1,237 bytes), gzip 6 56 µs (1,166), brotli 1 27 µs (1,297), brotli 5 66 µs (1,090), brotli 5
 * with its default 4 MB window 80 µs. gzip wins a tie: brotli at the same cost is no smaller here.
 * An answer under 64 KB is compressed on the event loop (a hop to the thread pool cost about as
 * much as the work); a larger one on libuv's thread pool.
 *
 * A strong ETag of the answer (http/conditional.ts) names its bytes before the coding: an encoded
 * answer's tag gets the coding inside the quotes (`"…-gzip"`, `"…-br"`), so that each
 * representation keeps its own strong validator (RFC 9110 §8.8.1) and a cache or an If-None-Match
 * never mixes them up.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

const COMPRESSIBLE =
  /^\s*(?:text\/|application\/(?:[\w.+-]+\+)?(?:json|x-ndjson|javascript|xml)|image\/svg\+xml)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

type Encoding = "br" | "gzip";

/** Above this, an answer is compressed on libuv's thread pool instead of the event loop. */
const ON_THE_LOOP_BYTES = 64 * 1024;

const brotliOptions = (sizeHint?: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
    [zlib.constants.BROTLI_PARAM_LGWIN]: 16,
    ...(sizeHint !== undefined ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
  },
});
const gzipOptions: zlib.ZlibOptions = { level: 1 };
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The bytes compressed: at once when small, else on the thread pool. */
function compress(bytes: Uint8Array, encoding: Encoding): Buffer | Promise<Buffer> {
  const options = encoding === "br" ? brotliOptions(bytes.byteLength) : gzipOptions;
  if (bytes.byteLength <= ON_THE_LOOP_BYTES)
    return encoding === "br" ? zlib.brotliCompressSync(bytes, options) : zlib.gzipSync(bytes, options);
  return encoding === "br" ? brotli(bytes, options) : gzip(bytes, options);
}

/** The encoding the request accepts best (gzip on a tie with br), or none. */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  let wildcard: number | undefined;
  const quality: Partial<Record<Encoding, number>> = {};
  for (const { type, q } of parseAccept(header)) {
    const name = type.toLowerCase();
    if (name === "*") wildcard = q;
    else if (name === "br" || name === "gzip") quality[name] = q;
  }
  const br = quality.br ?? wildcard ?? 0;
  const gz = quality.gzip ?? wildcard ?? 0;
  if (br <= 0 && gz <= 0) return undefined;
  return br > gz ? "br" : "gzip";
}

/** A strong tag with the coding of a representation: `"abc"` and gzip give `"abc-gzip"`. */
export const codedTag = (tag: string, encoding: Encoding): string => tag.replace(/"$/, `-${encoding}"`);

/**
 * The tag of the representation this request gets of an answer whose identity tag is `tag`: what
 * the middleware below will send, decided as it decides (for a 304, which it leaves alone).
 */
export function representationTag(c: Context, tag: string, type: string, byteLength: number): string {
  const encoding = negotiateEncoding(c.req.header("Accept-Encoding"));
  if (!encoding || c.req.method === "HEAD" || !COMPRESSIBLE.test(type)) return tag;
  return byteLength < COMPRESSION_THRESHOLD_BYTES ? tag : codedTag(tag, encoding);
}

/** The middleware: last in line before the routes, so it sees their answers and the problems. */
export const compression: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  const type = res.headers.get("Content-Type");
  if (!type || !COMPRESSIBLE.test(type) || res.status === 204 || res.status === 304) return;
  const vary = res.headers.get("Vary");
  if (vary !== "*" && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? ""))
    res.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  // The encoding first, and `res.body` only then: reading a body makes @hono/node-server turn its
  // light answer into a web Response written through a stream (one writev per chunk), which cost
  // a GET CarDetails 1.5× its CPU time when every answer went that way.
  const encoding = negotiateEncoding(c.req.header("Accept-Encoding"));
  if (
    !encoding ||
    c.req.method === "HEAD" ||
    res.headers.has("Content-Encoding") ||
    NO_TRANSFORM.test(res.headers.get("Cache-Control") ?? "") ||
    !res.body
  )
    return;
  // A stream whose length is unknown (the batch) is compressed as it flows; others once whole.
  const streamed = /^\s*application\/x-ndjson/i.test(type);
  let body: Uint8Array | ReadableStream<Uint8Array>;
  if (streamed) body = compressedStream(res.body, encoding);
  else {
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (bytes.byteLength < COMPRESSION_THRESHOLD_BYTES) {
      c.res = new Response(bytes, res);
      return;
    }
    body = await compress(bytes, encoding);
  }
  // On the answer replaced too: Hono copies its headers onto the new one (`c.res = …`).
  const etag = res.headers.get("ETag");
  if (etag && !etag.startsWith("W/")) res.headers.set("ETag", codedTag(etag, encoding));
  const compressed = new Response(body, res);
  compressed.headers.delete("Content-Length");
  compressed.headers.set("Content-Encoding", encoding);
  c.res = compressed;
};

/**
 * A stream compressed chunk by chunk: each pull reads one chunk of the source, writes it to the
 * compressor and flushes it, and hands on what came out; nothing is read ahead of the client.
 */
function compressedStream(
  source: ReadableStream<Uint8Array>,
  encoding: Encoding,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  const compressor =
    encoding === "br" ? zlib.createBrotliCompress(brotliOptions()) : zlib.createGzip(gzipOptions);
  const flushKind = encoding === "br" ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH;
  const pending: Buffer[] = [];
  compressor.on("data", (chunk: Buffer) => pending.push(chunk));
  const take = () => Buffer.concat(pending.splice(0, pending.length));
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // Until something comes out: a stream whose pull enqueues nothing is not pulled again.
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            await new Promise<void>((resolve, reject) => {
              compressor.once("end", resolve);
              compressor.once("error", reject);
              compressor.end();
            });
            const rest = take();
            if (rest.byteLength > 0) controller.enqueue(rest);
            controller.close();
            return;
          }
          compressor.write(value);
          await new Promise<void>((resolve) => compressor.flush(flushKind, () => resolve()));
          const out = take();
          if (out.byteLength > 0) {
            controller.enqueue(out);
            return;
          }
        }
      },
      async cancel(reason) {
        compressor.destroy();
        await reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
