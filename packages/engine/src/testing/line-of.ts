import type { TaxResult } from "../core/tax-result";
import { calculateLine } from "../operations/calculate";

/** calculateLine for tests whose inputs are valid: the result, or a failure naming the issues. */
export function lineOf(...args: Parameters<typeof calculateLine>): TaxResult {
  const outcome = calculateLine(...args);
  if (!outcome.ok) throw new Error(`invalid test input: ${JSON.stringify(outcome.issues)}`);
  return outcome.result;
}
