import { calculateLine, type Outcome } from "@cartax/engine";
import { parseCalculationRequest, toCalculationInput, toCarDetailInput } from "@cartax/schemas";
import type { LoadedVector } from "./load-vector-files";

export interface VectorRun {
  readonly loaded: LoadedVector;
  readonly passed: boolean;
  readonly expected: string;
  readonly actual: string;
  /** actual − expected, when both are amounts. */
  readonly difference: number | null;
  readonly problem: string | null;
}

const show = (outcome: Outcome, value: number | undefined): string =>
  outcome === "amount" ? String(value ?? "?") : outcome;

/** Runs one vector through the request schema and the engine and compares with its expectation. */
export function runVector(loaded: LoadedVector): VectorRun {
  const { vector, calculator } = loaded;
  const expected = show(vector.expected.outcome, vector.expected.rawValue);
  const failed = (problem: string, actual = "—"): VectorRun => ({
    loaded,
    passed: false,
    expected,
    actual,
    difference: null,
    problem,
  });

  const parsed = parseCalculationRequest(vector.request);
  if (!parsed.ok) return failed(`invalid request: ${parsed.problem.detail}`);
  const car = parsed.request.carDetail;
  if (!car) return failed("the request has no inline carDetail");

  const line = calculateLine(
    toCalculationInput(parsed.request, toCarDetailInput(car)),
    calculator,
    vector.lineYear,
  );
  if (!line.ok) return failed(`invalid request: ${line.issues.map((i) => i.message).join("; ")}`);
  const result = line.result;
  const actual = show(result.outcome, result.amount);
  if (result.outcome !== vector.expected.outcome) return failed(`outcome ${result.outcome}`, actual);
  if (vector.expected.provisional !== undefined && vector.expected.provisional !== result.provisional) {
    return failed(`provisional is ${result.provisional}`, actual);
  }
  if (result.outcome !== "amount")
    return { loaded, passed: true, expected, actual, difference: null, problem: null };

  const want = vector.expected.rawValue;
  if (want === undefined) return failed("expected.rawValue is missing for an amount", actual);
  const difference = Math.round((result.amount - want) * 100) / 100;
  const tolerance = vector.tolerance ?? 0;
  const passed = Math.abs(difference) <= tolerance + 1e-9;
  return { loaded, passed, expected, actual, difference, problem: passed ? null : "amount differs" };
}
