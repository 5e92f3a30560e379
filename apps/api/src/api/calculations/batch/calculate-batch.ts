import {
  BATCH_LIMITS,
  calculationRequestSchema,
  fieldErrorsOf,
  type Include,
  type NdjsonLine,
  ndjsonLines,
  type PriceBasis,
  validationProblem,
} from "@cartax/schemas";
import type { Subscription } from "@cartax/storage";
import type { HttpBindings } from "@hono/node-server";
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv, ServiceContext } from "../../../http/app-env";
import { authenticate } from "../../../http/authenticate";
import { checkJsonDepth } from "../../../http/json-depth";
import { type Problem, ProblemError, validationError } from "../../../http/problem";
import { RATE_LIMIT_POLICY } from "../../../http/rate-limit";
import type { Api } from "../../../openapi/api";
import { calculationRequestExample } from "../../../openapi/examples";
import { computeQuery, problem, problems, secured } from "../../../openapi/responses";
import { calculateAndRecord } from "../../pipeline/calculate-and-record";

/** The media type of a batch, both ways: one JSON document per line (NDJSON). */
export const NDJSON = "application/x-ndjson";

/** Accepted request types: NDJSON under its usual names (x-ndjson, ndjson, JSON Lines). */
const NDJSON_TYPE = /^application\/(?:x-ndjson|ndjson|jsonl|x-jsonlines)\s*(?:;.*)?$/i;

/**
 * Lines calculated ahead of the one being answered. Enough for the audit records of one group
 * commit to be written while the next lines are calculated; small enough that the answers held
 * (at most this many) stay a few megabytes whatever the batch's length.
 */
export const BATCH_WINDOW = 256;

const LIMIT_TEXT = BATCH_LIMITS.maxLines.toLocaleString("en");

const exampleLines = [
  JSON.stringify(calculationRequestExample),
  JSON.stringify({
    carDetailId: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
    userProfile: {
      ...calculationRequestExample.userProfile,
      regionRegistration: "Wallonia",
      postalCode: 5000,
    },
    options: { registrationDate: "2025-03-01" },
  }),
  "{not json",
];

const answerExample = [
  '{"calculationId":"0b5e7c1a-57a0-4c1e-9d2e-6a0c6d5b8f11","lines":[…],"unavailableLines":[]}',
  '{"type":"/problems/not-found","title":"Not found","status":404,"code":"not_found","detail":"car detail 3fa85f64-5717-4562-b3fc-2c963f66afa6 was not found","instance":"urn:cartax:request:5f0c…","line":2}',
  '{"type":"/problems/malformed-json","title":"The body is not valid JSON","status":400,"code":"malformed_json","detail":"line 3 is not valid JSON: …","instance":"urn:cartax:request:5f0c…","line":3}',
];

export const calculateBatchRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "calculateBatch",
    method: "post",
    path: "/v1/Calculate/batch",
    summary: "Run Calculate on many requests at once, streamed (NDJSON; not in the spec)",
    description: [
      `Needs calculation access. The body is NDJSON (\`Content-Type: ${NDJSON}\`): one CalculationRequest (the body of POST /v1/Calculate) per line, at most ${LIMIT_TEXT} lines, each at most 64 KiB; a final newline is optional, CRLF line endings are accepted.`,
      "The answer streams as NDJSON, one line per request line, in the order of the request: answer line i answers request line i. Each is either exactly what POST /v1/Calculate answers (the CalculationResult with its own `calculationId`, saved as an audit record like a single calculation, readable at /v1/Calculations/{calculationId}) or an RFC 9457 problem with the status a single call would have had (400, 404, 413, 429, 500) and the extension `line` (the 1-based request line it answers). A bad line fails only itself. An empty line is a `malformed_json` problem; a line longer than 64 KiB a `payload_too_large` one.",
      "An answer line is written only once its audit record is durable (records are committed in groups). Requests are read as the answers are taken: a client that reads slowly slows the reading of its body, and the service holds at most a few hundred answers per batch. Read the answer while sending the body (curl, fetch with a streamed body and @cartax/client do): a client that sends every line before reading can stall once both directions' buffers are full.",
      `More than ${LIMIT_TEXT} lines: the first ${LIMIT_TEXT} are answered, then one last problem line (\`payload_too_large\`, status 413, \`line\` ${(BATCH_LIMITS.maxLines + 1).toLocaleString("en")}) ends the answer; the rest of the body is not read. A body that is empty (no line at all), of another content type, or whose Content-Length alone exceeds what ${LIMIT_TEXT} lines can hold is refused as a whole with a problem (400, 415, 413) before any line.`,
      `Rate limit (a subscription the operator limited): a batch of N lines counts as N requests. The request itself is counted at the gate as its first line (when the window is already used up, the whole batch is refused with 429); each further line counts one more, and a line past the limit answers a \`too_many_requests\` problem line (status 429) without calculating. The RateLimit headers of the answer (\`"${RATE_LIMIT_POLICY}"\`) state the count after the first line.`,
    ].join("\n\n"),
    tags: ["Calculation"],
    security: secured,
    middleware: [authenticate(service, { calculation: true })] as const,
    request: {
      query: computeQuery,
      body: {
        required: true,
        content: {
          [NDJSON]: {
            schema: z.string().openapi({
              description: "One CalculationRequest (JSON, see POST /v1/Calculate) per line.",
            }),
            example: `${exampleLines.join("\n")}\n`,
          },
        },
      },
    },
    responses: {
      200: {
        description:
          "One answer per request line, in order: a CalculationResult (as POST /v1/Calculate answers it) or a problem with `line`.",
        content: {
          [NDJSON]: {
            schema: z.string().openapi({
              description:
                "One JSON document per line: a CalculationResult, or an RFC 9457 problem with the extension `line`.",
            }),
            example: `${answerExample.join("\n")}\n`,
          },
        },
      },
      400: problem("The body is empty, or a query parameter is invalid.", 400),
      401: problems[401],
      413: problem(
        `The declared Content-Length exceeds what ${LIMIT_TEXT} lines of 64 KiB can hold (later, a last problem line says so).`,
        413,
      ),
      415: problem(`Content-Type is not ${NDJSON}.`, 415),
      429: problems[429],
      500: problems[500],
    },
  });

/** What every line of one batch shares. */
interface BatchContext {
  readonly service: ServiceContext;
  readonly subscription: Subscription;
  readonly priceBasis: PriceBasis | undefined;
  /** The `include` query parameter, for every line. */
  readonly include: Include | undefined;
  /** The request's problem instance (`urn:cartax:request:<id>`), on every problem line. */
  readonly instance: string;
  readonly requestId: string;
  /** The rate-limit count of the line before (countLine). */
  counting: Promise<unknown>;
  /** Lines answered so far, for the batch's closing log line. */
  readonly tally: { results: number; problems: number };
}

/** A problem line: the service's problem document with the request line it answers. */
const problemLine = (problem: Problem, context: BatchContext, line: number) =>
  JSON.stringify({ ...problem, instance: context.instance, line });

/**
 * Counts a line past the first against a limited subscription (the first was counted at the
 * gate). The counts of one batch are made one after the other, in the order of the lines: on
 * PostgreSQL, concurrent counts could come back in any order, and a line after the limit could get
 * a count below it while an earlier one is refused.
 */
async function countLine(context: BatchContext, line: number): Promise<void> {
  const limit = context.subscription.rateLimit;
  if (!limit || line === 1) return;
  const { rateLimits } = context.service.storage;
  const counted = context.counting.then(() => rateLimits.hit(context.subscription.id, limit));
  context.counting = counted.catch(() => undefined);
  const state = await counted;
  if (!state.allowed)
    throw new ProblemError(
      "too_many_requests",
      `line ${line}: the subscription's limit of ${limit.requests} requests per ${limit.windowSeconds} s is used up; retry this line in ${state.resetSeconds} s`,
    );
}

/**
 * One request line answered as POST /v1/Calculate answers its body: the same validation (the
 * request schema and, for an inline car, the engine's cross-field rules) and then Calculate's own
 * path (calculateAndRecord), whose audit record is committed before the answer is given.
 */
async function calculateLine(context: BatchContext, line: NdjsonLine): Promise<string> {
  if ("tooLong" in line)
    throw new ProblemError(
      "payload_too_large",
      `line ${line.line} is longer than ${BATCH_LIMITS.maxLineBytes} bytes (64 KiB), the limit of one request`,
    );
  await countLine(context, line.line);
  if (line.text.trim() === "")
    throw new ProblemError(
      "malformed_json",
      `line ${line.line} is empty; one CalculationRequest (a JSON object) is expected on every line`,
    );
  let body: unknown;
  try {
    body = JSON.parse(line.text);
  } catch (error) {
    throw new ProblemError(
      "malformed_json",
      `line ${line.line} is not valid JSON: ${(error as Error).message}`,
    );
  }
  checkJsonDepth(body, `line ${line.line}`);
  // One validation pass, as POST /v1/Calculate's: the request schema here (its car rules are the
  // engine's carDetailIssues), calculate's own checks in calculateAndRecord, on the car in the
  // price basis it is calculated with.
  const parsed = calculationRequestSchema.safeParse(body, { reportInput: true });
  if (!parsed.success) throw validationError(validationProblem(fieldErrorsOf(parsed.error)));
  return calculateAndRecord(
    context.service,
    context.subscription,
    parsed.data,
    line.text,
    context.priceBasis,
    context.include,
  );
}

/** The answer of one line, never a rejection: a failure is that line's problem. */
async function answerLine(context: BatchContext, line: NdjsonLine): Promise<string> {
  try {
    const result = await calculateLine(context, line);
    context.tally.results += 1;
    return result;
  } catch (error) {
    context.tally.problems += 1;
    if (error instanceof ProblemError) return problemLine(error.problem, context, line.line);
    // As a single Calculate's 500: the operator sees the fault, the caller only the request id.
    context.service.logger.error(
      { requestId: context.requestId, line: line.line, err: error },
      "unhandled error in a batch line",
    );
    const internal = new ProblemError(
      "internal_error",
      `line ${line.line}: an unexpected error occurred; retry it later`,
    );
    return problemLine(internal.problem, context, line.line);
  }
}

/** The body's lines up to the limit; past it one mark, and nothing more is read. */
async function* withinLimit(lines: AsyncIterable<NdjsonLine>): AsyncGenerator<NdjsonLine | { over: number }> {
  for await (const line of lines) {
    if (line.line > BATCH_LIMITS.maxLines) {
      yield { over: line.line };
      return;
    }
    yield line;
  }
}

/** A slot of the window: the answer once it is known. */
interface Pending {
  text: string | undefined;
  readonly done: Promise<void>;
}

/**
 * The answers in the order of the lines, several lines in flight (`window`): each line is started
 * as it is read, and an answer leaves only when every line before it has left. Each step hands out
 * the first answer and every one after it already known, so a reader gets few large chunks. The
 * lines are pulled only as answers are taken: nothing is read ahead of the window. An answer never
 * waits for the next line: while the body pauses (a client that sends a line and waits for its
 * answer), the answers of the lines already read leave as they are ready.
 */
export async function* answersInOrder<T>(
  items: AsyncIterable<T>,
  answer: (item: T) => Promise<string>,
  window: number = BATCH_WINDOW,
): AsyncGenerator<string> {
  const queue: Pending[] = [];
  const start = (item: T) => {
    const slot: Pending = {
      text: undefined,
      done: answer(item).then((text) => {
        slot.text = text;
      }),
    };
    queue.push(slot);
  };
  const release = async (): Promise<string> => {
    await queue[0]?.done;
    let out = "";
    while (queue.length > 0 && queue[0]?.text !== undefined) out += `${queue.shift()?.text}\n`;
    return out;
  };
  const lines = items[Symbol.asyncIterator]();
  /** The read in progress, kept across answers handed out while it waits for the body. */
  let reading: Promise<IteratorResult<T>> | undefined;
  let failure: { error: unknown } | undefined;
  let ended = false;
  try {
    while (!ended) {
      if (queue.length >= window) {
        yield await release();
        continue;
      }
      if (!reading) {
        reading = lines.next();
        // Rejections are handled where it is awaited; this only keeps an abandoned read quiet.
        reading.catch(() => {});
      }
      const head = queue[0];
      const next = head ? await Promise.race([reading, head.done.then(() => undefined)]) : await reading;
      if (next === undefined) {
        yield await release();
        continue;
      }
      reading = undefined;
      if (next.done) ended = true;
      else start(next.value);
    }
  } catch (error) {
    // The lines started before the failure are answered (and audited) all the same.
    failure = { error };
  }
  while (queue.length > 0) yield await release();
  if (failure) throw failure.error;
}

/**
 * The request body as a stream of chunks: Node's request itself on the Node server, else the fetch
 * body. Stopping early (past the limit) leaves the stream open: destroying Node's request would
 * close the socket under the answer still being written; the adapter drains the rest afterwards.
 */
function bodyChunks(c: Context<AppEnv>): AsyncIterable<Uint8Array> {
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
function checkBatchHeaders(c: Context<AppEnv>): void {
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

/**
 * POST /v1/Calculate/batch: NDJSON in, NDJSON out, line for line (see the route's description).
 * The answer is a pull stream: the Node adapter asks for the next chunk only when the socket took
 * the previous one (it waits for `drain`), and each pull reads only the lines it needs, so a slow
 * client holds back the calculations and the reading of its own body, never the server's memory.
 */
export function registerCalculateBatch(api: Api, service: ServiceContext): void {
  api.openapi(calculateBatchRoute(service), async (c) => {
    checkBatchHeaders(c);
    const requestId = c.get("requestId");
    const { priceBasis, include } = c.req.valid("query");
    const context: BatchContext = {
      service,
      subscription: c.get("subscription"),
      priceBasis,
      include,
      instance: `urn:cartax:request:${requestId}`,
      requestId,
      tally: { results: 0, problems: 0 },
      counting: Promise.resolve(),
    };
    const started = performance.now();
    /** The line after the last one read: where a body that broke off broke. */
    let nextLine = 1;
    // The access log's line is written when the answer starts; this one when the batch ends.
    const summary = () => ({
      requestId,
      lines: nextLine - 1,
      results: context.tally.results,
      problems: context.tally.problems,
      durationMs: Math.round(performance.now() - started),
    });
    const lines = withinLimit(ndjsonLines(bodyChunks(c)));
    // An empty body is refused as a whole, while a status can still say so.
    const first = await lines.next().catch((error: Error) => {
      throw new ProblemError("malformed_json", `the body could not be read: ${error.message}`);
    });
    if (first.done)
      throw new ProblemError(
        "malformed_json",
        "the body is empty; one CalculationRequest (a JSON object) per line is expected",
      );
    async function* all() {
      yield first.value as NdjsonLine | { over: number };
      yield* lines;
    }
    const answers = answersInOrder(all(), (line) => {
      if ("over" in line) {
        const over = new ProblemError(
          "payload_too_large",
          `the batch has more than ${LIMIT_TEXT} lines; line ${line.over.toLocaleString("en")} and those after it were not read`,
        );
        return Promise.resolve(problemLine(over.problem, context, line.over));
      }
      nextLine = line.line + 1;
      return answerLine(context, line);
    });
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          try {
            const step = await answers.next();
            if (step.done) {
              controller.close();
              service.logger.info(summary(), "batch");
            } else controller.enqueue(encoder.encode(step.value));
          } catch (error) {
            // The body broke off (the client aborted or sent bad bytes): a last problem line says where.
            service.logger.warn({ requestId, err: error }, "batch body ended early");
            const broken = new ProblemError(
              "malformed_json",
              `the body ended before line ${nextLine} was complete: ${(error as Error).message}`,
            );
            controller.enqueue(encoder.encode(`${problemLine(broken.problem, context, nextLine)}\n`));
            controller.close();
          }
        },
        async cancel() {
          service.logger.warn(summary(), "batch cancelled by the client");
          await answers.return(undefined);
        },
      },
      { highWaterMark: 0 },
    );
    return c.body(stream, 200, { "Content-Type": NDJSON }) as never;
  });
}
