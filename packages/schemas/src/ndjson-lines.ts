/**
 * The limits of a batch of CalculationRequests sent as NDJSON (POST /v1/Calculate/batch and
 * `cartax calc --batch`): at most 10,000 lines, each at most 64 KiB (the limit of one request body).
 */
export const BATCH_LIMITS = { maxLines: 10_000, maxLineBytes: 64 * 1024 } as const;

/** One line of an NDJSON body: its 1-based number and its text, or the mark of a line too long to read. */
export type NdjsonLine =
  | { readonly line: number; readonly text: string }
  | { readonly line: number; readonly tooLong: true };

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * The lines of an NDJSON stream, read as they arrive: a chunk is split at "\n" (a "\r" before it is
 * dropped), a line is decoded as UTF-8 once it is complete, and a final newline ends the last line
 * rather than starting an empty one, and a byte order mark at the start of the stream is dropped. Only the line being read is held, at most `maxLineBytes`: a
 * longer line is skipped to its end and reported as `tooLong`, so memory stays bounded whatever
 * the caller sends. Pulling is what reads: a consumer that stops pulling stops the reading
 * (back-pressure reaches the socket).
 */
export async function* ndjsonLines(
  chunks: AsyncIterable<Uint8Array | string>,
  maxLineBytes: number = BATCH_LIMITS.maxLineBytes,
): AsyncGenerator<NdjsonLine> {
  let parts: Buffer[] = [];
  let size = 0;
  let tooLong = false;
  let line = 0;
  const take = (): NdjsonLine => {
    line += 1;
    const whole = Buffer.concat(parts, size);
    parts = [];
    size = 0;
    if (tooLong) {
      tooLong = false;
      return { line, tooLong: true };
    }
    const end =
      whole.length > 0 && whole[whole.length - 1] === CARRIAGE_RETURN ? whole.length - 1 : whole.length;
    if (end > maxLineBytes) return { line, tooLong: true };
    const text = whole.toString("utf8", 0, end);
    // A UTF-8 byte order mark before the first line (Windows tools write one) is not part of it.
    return { line, text: line === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  };
  const keep = (piece: Buffer) => {
    if (tooLong) return;
    // One byte beyond the limit is kept: it may be the "\r" of a CRLF ending, not part of the line.
    if (size + piece.length > maxLineBytes + 1) {
      tooLong = true;
      parts = [];
      size = 0;
      return;
    }
    parts.push(piece);
    size += piece.length;
  };
  let pending = false;
  for await (const chunk of chunks) {
    const bytes =
      typeof chunk === "string"
        ? Buffer.from(chunk, "utf8")
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    for (;;) {
      const end = bytes.indexOf(NEWLINE, start);
      if (end === -1) break;
      keep(bytes.subarray(start, end));
      yield take();
      pending = false;
      start = end + 1;
    }
    if (start < bytes.length) {
      keep(bytes.subarray(start));
      pending = true;
    }
  }
  if (pending) yield take();
}
