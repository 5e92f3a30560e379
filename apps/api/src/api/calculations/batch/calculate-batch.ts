import { type NdjsonLine, ndjsonLines } from "@cartax/schemas";
import type { Context } from "hono";
import type { AppEnv, ServiceContext } from "../../../http/app-env";
import { ProblemError } from "../../../http/problem";
import type { Api } from "../../../openapi/api";
import { answersInOrder } from "./answers-in-order";
import { bodyChunks, checkBatchHeaders, withinLimit } from "./batch-body";
import { answerLine, type BatchContext, problemLine } from "./batch-line";
import { calculateBatchRoute, LIMIT_TEXT, NDJSON } from "./batch-route";

/** The lines of the body, the first one already read: an empty body is refused as a whole, while a status can still say so. */
async function linesOf(c: Context<AppEnv>): Promise<AsyncIterable<NdjsonLine | { over: number }>> {
  const lines = withinLimit(ndjsonLines(bodyChunks(c)));
  const first = await lines.next().catch((error: Error) => {
    throw new ProblemError("malformed_json", `the body could not be read: ${error.message}`);
  });
  if (first.done)
    throw new ProblemError(
      "malformed_json",
      "the body is empty; one CalculationRequest (a JSON object) per line is expected",
    );
  return (async function* all() {
    yield first.value as NdjsonLine | { over: number };
    yield* lines;
  })();
}

/** The batch's progress, for its closing log line and the problem of a body that broke off. */
interface Progress {
  readonly started: number;
  /** The line after the last one read: where a body that broke off broke. */
  nextLine: number;
}

/** The closing log line of a batch (the access log's line is written when the answer starts). */
const summary = (context: BatchContext, progress: Progress) => ({
  requestId: context.requestId,
  lines: progress.nextLine - 1,
  results: context.tally.results,
  problems: context.tally.problems,
  durationMs: Math.round(performance.now() - progress.started),
});

/** Each line's answer, in order, the line past the limit answered with its 413 problem line. */
function answersOf(
  lines: AsyncIterable<NdjsonLine | { over: number }>,
  context: BatchContext,
  progress: Progress,
): AsyncGenerator<string> {
  return answersInOrder(lines, (line) => {
    if ("over" in line) {
      const over = new ProblemError(
        "payload_too_large",
        `the batch has more than ${LIMIT_TEXT} lines; line ${line.over.toLocaleString("en")} and those after it were not read`,
      );
      return Promise.resolve(problemLine(over.problem, context, line.over));
    }
    progress.nextLine = line.line + 1;
    return answerLine(context, line);
  });
}

/**
 * The answers as a pull stream: the Node adapter asks for the next chunk only when the socket took
 * the previous one (it waits for `drain`), and each pull reads only the lines it needs, so a slow
 * client holds back the calculations and the reading of its own body, never the server's memory.
 */
function answerStream(
  answers: AsyncGenerator<string>,
  context: BatchContext,
  progress: Progress,
): ReadableStream<Uint8Array> {
  const { logger } = context.service;
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const step = await answers.next();
          if (step.done) {
            controller.close();
            logger.info(summary(context, progress), "batch");
          } else controller.enqueue(encoder.encode(step.value));
        } catch (error) {
          // The body broke off (the client aborted or sent bad bytes): a last problem line says where.
          logger.warn({ requestId: context.requestId, err: error }, "batch body ended early");
          const broken = new ProblemError(
            "malformed_json",
            `the body ended before line ${progress.nextLine} was complete: ${(error as Error).message}`,
          );
          controller.enqueue(encoder.encode(`${problemLine(broken.problem, context, progress.nextLine)}\n`));
          controller.close();
        }
      },
      async cancel() {
        logger.warn(summary(context, progress), "batch cancelled by the client");
        await answers.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/** What every line of this batch shares, from the request. */
function batchContext(c: Context<AppEnv>, service: ServiceContext, query: BatchQuery): BatchContext {
  const requestId = c.get("requestId");
  return {
    service,
    subscription: c.get("subscription"),
    priceBasis: query.priceBasis,
    include: query.include,
    instance: `urn:cartax:request:${requestId}`,
    requestId,
    tally: { results: 0, problems: 0 },
    counting: Promise.resolve(),
  };
}

/** The query of a batch: the price basis and `include` of every line. */
type BatchQuery = Partial<Pick<BatchContext, "priceBasis" | "include">>;

/** POST /v1/Calculate/batch: NDJSON in, NDJSON out, line for line (see the route's description). */
export function registerCalculateBatch(api: Api, service: ServiceContext): void {
  api.openapi(calculateBatchRoute(service), async (c) => {
    checkBatchHeaders(c);
    const context = batchContext(c, service, c.req.valid("query"));
    const progress: Progress = { started: performance.now(), nextLine: 1 };
    const lines = await linesOf(c);
    const stream = answerStream(answersOf(lines, context, progress), context, progress);
    return c.body(stream, 200, { "Content-Type": NDJSON }) as never;
  });
}
