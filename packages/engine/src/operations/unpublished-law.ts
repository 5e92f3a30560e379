/**
 * A line whose parameters are not all published (issue "Costs over time that add up"): without
 * assumptions it has no figure and names the parameters missing; with `assumeLatestRules` it
 * applies every row in force on its dates and carries only the parameters that have none, each
 * from its latest published row, and names them. Calculators never decide this: the look-ups do
 * (`lookingUpUnpublished`).
 */
import { yearOf } from "../core/iso-date";
import type { TaxResult } from "../core/tax-result";
import { type CarriedParameter, lookingUpUnpublished } from "../law/parameter-table";

/**
 * A result without a figure for want of rules, named: when it does not name the parameters it
 * lacks yet (it ran outside a noting run), `rerun` computes the line again on a fresh context (no
 * shared intermediate result hides a look-up), noting them, and the result builder names them.
 * Other results are returned as they are.
 */
export function namingMissingParameters(result: TaxResult, rerun: () => TaxResult): TaxResult {
  if (result.outcome !== "rulesNotAvailable" || result.missingParameters !== undefined) return result;
  return lookingUpUnpublished(false, rerun).value;
}

/**
 * The line computed with every parameter row in force on its dates and, for a parameter that has
 * none (its last row ends before), its latest published row: the result names what it carried
 * (`assumedParameters`, note `assumedRules`) and is provisional. A line that carried nothing is
 * exactly the line without assumptions.
 */
export function assumingLatestRules(run: () => TaxResult): TaxResult {
  const { value: result, unpublished } = lookingUpUnpublished(true, run);
  if (unpublished.length === 0) return result;
  return withAssumedParameters(result, unpublished);
}

/** A result that carried `carried`, saying so. */
export function withAssumedParameters(result: TaxResult, carried: readonly CarriedParameter[]): TaxResult {
  const { explanation } = result;
  const oldest = Math.min(...carried.map((p) => yearOf(p.carriedFrom)));
  return {
    ...result,
    // An estimate: the parameters of its own dates may differ once published.
    provisional: result.outcome === "amount" || result.provisional,
    explanation: {
      ...explanation,
      notes: [...explanation.notes, "assumedRules"],
      details: {
        ...explanation.details,
        lineYear: String(result.year),
        carriedParameters: carried.map((p) => `${p.parameter}@${p.carriedFrom}`).join(" "),
      },
    },
    assumedParameters: carried,
    assumedRulesYear: oldest,
  };
}
