import {
  BATCH_LIMITS,
  calculationRequestSchema,
  fieldErrorsOf,
  type NdjsonLine,
  validationProblem,
} from "@cartax/schemas";
import { checkJsonDepth } from "../../../http/json-depth";
import { type Problem, ProblemError, validationError } from "../../../http/problem";
import type { CalculationCall } from "../../pipeline";
import { calculateAndRecord } from "../calculate-and-record";

/** What every line of one batch shares: the calculation call (subscription, price basis, include) and more. */
export interface BatchContext extends CalculationCall {
  /** The request's problem instance (`urn:cartax:request:<id>`), on every problem line. */
  readonly instance: string;
  readonly requestId: string;
  /** The rate-limit count of the line before (countLine). */
  counting: Promise<unknown>;
  /** Lines answered so far, for the batch's closing log line. */
  readonly tally: { results: number; problems: number };
}

/** A problem line: the service's problem document with the request line it answers. */
export const problemLine = (problem: Problem, context: BatchContext, line: number) =>
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
  return calculateAndRecord(context, parsed.data, line.text);
}

/** The answer of one line, never a rejection: a failure is that line's problem. */
export async function answerLine(context: BatchContext, line: NdjsonLine): Promise<string> {
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
