import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  BATCH_LIMITS,
  type NdjsonLine,
  ndjsonLines,
  PROBLEM_TYPES,
  type ProblemDetails,
} from "@cartax/schemas";
import { calculateRequest } from "./calculate-request";

/** A stream the batch writes to: stdout for the answers, stderr for messages and the progress bar. */
export interface BatchOutput {
  write(chunk: string): boolean;
  once(event: "drain", listener: () => void): unknown;
  readonly isTTY?: boolean;
}

export interface BatchIo {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: BatchOutput;
  readonly stderr: BatchOutput;
  /** Folder a relative FILE is resolved against (where the user typed the command). */
  readonly cwd: string;
  /** Milliseconds, for the progress bar's pace; the tests give their own. */
  readonly now?: () => number;
}

const LIMIT_TEXT = BATCH_LIMITS.maxLines.toLocaleString("en");

export const CALC_BATCH_HELP = `usage: cartax calc --batch FILE
  Reads NDJSON, one CalculationRequest (HTTP body shape, inline carDetail) per line, at most
  ${LIMIT_TEXT} lines of at most 64 KiB, from FILE or standard input (-), and writes one JSON answer
  per line to standard output in the same order, as it goes: the CalculationResult
  ({"calculationId": null, "lines": [...], "unavailableLines": [...]}) or the request's problem
  (RFC 9457) with "line", its line number. The same answers as POST /v1/Calculate/batch, without a
  server (no audit record: calculationId is null). On a terminal, a progress bar on standard error.
  Exit code 0 when every line ran, 1 when any line was answered with a problem, 2 on wrong usage.`;

/** A problem line as `calc --json` writes problems, with the line it answers. */
const problemLine = (problem: ProblemDetails, line: number) => `${JSON.stringify({ ...problem, line })}\n`;

const problem = (type: string, title: string, status: number, detail: string): ProblemDetails => ({
  type,
  title,
  status,
  detail,
});

/** The answer of one line: the same rules as the service's batch, the engine of `cartax calc`. */
function answer(line: NdjsonLine): { text: string; ok: boolean } {
  if ("tooLong" in line)
    return {
      ok: false,
      text: problemLine(
        problem(
          PROBLEM_TYPES.payloadTooLarge,
          "The body is too large",
          413,
          `line ${line.line} is longer than ${BATCH_LIMITS.maxLineBytes} bytes (64 KiB), the limit of one request`,
        ),
        line.line,
      ),
    };
  const malformed = (detail: string) => ({
    ok: false,
    text: problemLine(
      problem(PROBLEM_TYPES.malformedJson, "The body is not valid JSON", 400, detail),
      line.line,
    ),
  });
  if (line.text.trim() === "")
    return malformed(
      `line ${line.line} is empty; one CalculationRequest (a JSON object) is expected on every line`,
    );
  let json: unknown;
  try {
    json = JSON.parse(line.text);
  } catch (error) {
    return malformed(`line ${line.line} is not valid JSON: ${(error as Error).message}`);
  }
  const calculated = calculateRequest(json);
  return calculated.ok
    ? { ok: true, text: `${JSON.stringify(calculated.body)}\n` }
    : { ok: false, text: problemLine(calculated.problem, line.line) };
}

/** Writes, then waits while the stream's buffer is full (a slow reader of stdout slows the batch). */
async function write(out: BatchOutput, text: string): Promise<void> {
  if (!out.write(text)) await new Promise<void>((resolve) => out.once("drain", resolve));
}

/** The progress bar of a terminal: lines done, and the share of the file answered when its size is known. */
class ProgressBar {
  private last = 0;

  constructor(
    private readonly out: BatchOutput,
    private readonly total: number | undefined,
    private readonly now: () => number,
  ) {}

  show(lines: number, bytes: number) {
    const at = this.now();
    if (at - this.last < 100) return;
    this.last = at;
    const count = `${lines.toLocaleString("en")} lines`;
    if (!this.total) {
      this.out.write(`\r${count}`);
      return;
    }
    const share = Math.min(1, bytes / this.total);
    const width = 30;
    const filled = Math.round(share * width);
    this.out.write(
      `\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${Math.floor(share * 100)
        .toString()
        .padStart(3)}% ${count}`,
    );
  }

  done() {
    this.out.write("\r\x1b[K");
  }
}

/**
 * `cartax calc --batch FILE`: the NDJSON batch of POST /v1/Calculate/batch run locally, streamed
 * both ways: a line is read, calculated and written before the next is read, and writing waits
 * for a full stdout to drain, so memory stays that of one line whatever the file's length.
 */
export async function runCalcBatch(args: readonly string[], io: BatchIo): Promise<number> {
  let source: string | undefined;
  if (args.includes("--help") || args.includes("-h")) {
    io.stdout.write(`${CALC_BATCH_HELP}\n`);
    return 0;
  }
  try {
    const parsed = parseArgs({
      args: [...args],
      options: { batch: { type: "string" } },
      allowPositionals: false,
      strict: true,
    });
    source = parsed.values.batch;
  } catch (error) {
    io.stderr.write(`cartax calc: ${(error as Error).message}\n${CALC_BATCH_HELP}\n`);
    return 2;
  }
  if (!source) {
    io.stderr.write(`cartax calc: --batch needs a FILE (or - for standard input)\n${CALC_BATCH_HELP}\n`);
    return 2;
  }
  let input: NodeJS.ReadableStream;
  let size: number | undefined;
  if (source === "-") input = io.stdin;
  else {
    const file = path.resolve(io.cwd, source);
    try {
      size = fs.statSync(file).size;
      const stream = fs.createReadStream(file);
      await once(stream, "open");
      input = stream;
    } catch (error) {
      io.stderr.write(`cartax calc: cannot read ${source}: ${(error as Error).message}\n`);
      return 2;
    }
  }
  // The bytes of the lines answered (the file is read ahead in large chunks: those would jump).
  let answeredBytes = 0;
  const bar = io.stderr.isTTY ? new ProgressBar(io.stderr, size, io.now ?? Date.now) : undefined;
  let done = 0;
  let failed = 0;
  for await (const line of ndjsonLines(input as AsyncIterable<Buffer>)) {
    if (line.line > BATCH_LIMITS.maxLines) {
      failed += 1;
      await write(
        io.stdout,
        problemLine(
          problem(
            PROBLEM_TYPES.payloadTooLarge,
            "The body is too large",
            413,
            `the batch has more than ${LIMIT_TEXT} lines; line ${line.line.toLocaleString("en")} and those after it were not read`,
          ),
          line.line,
        ),
      );
      break;
    }
    const { text, ok } = answer(line);
    if (!ok) failed += 1;
    done += 1;
    await write(io.stdout, text);
    answeredBytes += "tooLong" in line ? BATCH_LIMITS.maxLineBytes : Buffer.byteLength(line.text) + 1;
    bar?.show(done, answeredBytes);
  }
  bar?.done();
  if (done === 0 && failed === 0) io.stderr.write("cartax calc: the batch is empty\n");
  if (failed > 0) io.stderr.write(`cartax calc: ${failed} of ${done} lines answered with a problem\n`);
  return failed === 0 && done > 0 ? 0 : 1;
}
