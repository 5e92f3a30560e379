import type { CartaxClientOptions, Problem } from "./cartax-client";
import type { components, operations } from "./schema";
import { serviceRoot } from "./service-root";

type CalculationRequest = components["schemas"]["CalculationRequest"];

/** One answer of a batch: the CalculationResult of a line, or its problem with the line it answers. */
export type BatchAnswer = components["schemas"]["CalculationResult"] | (Problem & { readonly line: number });

/** True when a batch answer is a line's problem rather than its result. */
export const isBatchProblem = (answer: BatchAnswer): answer is Problem & { readonly line: number } =>
  "line" in answer && "status" in answer;

export interface CalculateBatchOptions {
  /** The basis of every catalogPrice of the batch (`priceBasis` query parameter). */
  readonly priceBasis?: NonNullable<operations["calculateBatch"]["parameters"]["query"]>["priceBasis"];
  readonly signal?: AbortSignal;
}

/** The outcome of a batch: its answers as they arrive, or the problem that refused it as a whole. */
export type CalculateBatchOutcome =
  | { readonly answers: AsyncGenerator<BatchAnswer>; readonly error?: undefined }
  | { readonly answers?: undefined; readonly error: Problem };

/** The requests as NDJSON bytes, one line per pull: nothing is encoded ahead of what the socket takes. */
function ndjsonBody(requests: Iterable<CalculationRequest> | AsyncIterable<CalculationRequest>) {
  const encoder = new TextEncoder();
  const iterator =
    Symbol.asyncIterator in requests
      ? requests[Symbol.asyncIterator]()
      : (requests as Iterable<CalculationRequest>)[Symbol.iterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(`${JSON.stringify(next.value)}\n`));
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/** The answer lines of a response body, parsed as each one is complete. */
async function* answerLines(body: ReadableStream<Uint8Array>): AsyncGenerator<BatchAnswer> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let end = buffered.indexOf("\n");
      while (end !== -1) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        if (line.trim() !== "") yield JSON.parse(line) as BatchAnswer;
        end = buffered.indexOf("\n");
      }
      if (done) break;
    }
    if (buffered.trim() !== "") yield JSON.parse(buffered) as BatchAnswer;
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/**
 * POST /v1/Calculate/batch: sends the requests as NDJSON while it reads the answers, one per
 * request in the same order (a CalculationResult, or a problem with `line` that fails only that
 * request), so neither side holds the whole batch. At most 10,000 requests per batch. Not retried:
 * a batch is a stream that cannot be sent twice, and its answered lines are saved calculations.
 *
 * @example
 * ```ts
 * const { answers, error } = await calculateBatch({ baseUrl, subscriptionKey: key }, requests);
 * if (error) console.error(error.code, error.detail);
 * else for await (const answer of answers)
 *   if (isBatchProblem(answer)) console.error(answer.line, answer.detail);
 *   else console.log(answer.calculationId, answer.lines.length);
 * ```
 */
export async function calculateBatch(
  options: Pick<CartaxClientOptions, "baseUrl" | "subscriptionKey" | "fetch">,
  requests: Iterable<CalculationRequest> | AsyncIterable<CalculationRequest>,
  batchOptions: CalculateBatchOptions = {},
): Promise<CalculateBatchOutcome> {
  const url = new URL(`${serviceRoot(options.baseUrl)}/v1/Calculate/batch`);
  url.searchParams.set("subscription-key", options.subscriptionKey);
  if (batchOptions.priceBasis) url.searchParams.set("priceBasis", batchOptions.priceBasis);
  const response = await (options.fetch ?? globalThis.fetch)(url, {
    method: "POST",
    headers: { "content-type": "application/x-ndjson", accept: "application/x-ndjson" },
    body: ndjsonBody(requests),
    // A streamed request body (fetch's half duplex: the answer is read while the body is sent).
    duplex: "half",
    ...(batchOptions.signal ? { signal: batchOptions.signal } : {}),
  } as RequestInit);
  if (response.status !== 200 || !response.body) {
    const text = await response.text();
    let problem: Problem;
    try {
      problem = JSON.parse(text) as Problem;
    } catch {
      problem = {
        type: "about:blank",
        title: response.statusText,
        status: response.status,
        detail: text,
      } as Problem;
    }
    return { error: problem };
  }
  return { answers: answerLines(response.body) };
}
