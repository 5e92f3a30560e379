import { type CalculationLine, type Region, ruleBookPath, type TaxResult } from "@cartax/engine";

/** A parameter a line used, with its entry in the rule book (beyond the spec). */
export interface LineParameter {
  readonly name: string;
  readonly value: number | string;
  readonly unit: string;
  readonly provisional: boolean;
  /** The registered parameter's id, null for a constant not in the registry yet. */
  readonly parameter: string | null;
  /** The parameter's entry in the rule book this service serves, null when it has none. */
  readonly ruleBookUrl: string | null;
}

/** A CalculationLine with the parameters of its explanation. */
export type LinkedCalculationLine = CalculationLine & { readonly parameters: readonly LineParameter[] };

/**
 * The lines with the parameters their explanations used, each linked to its rule-book entry
 * (`<base>/rules/<region>/<tax>/<parameter>`, which redirects to the parameter's anchor). `results`
 * are the engine results the lines were made from; a line's is the result of its calculator and year
 * (not its position: lines may leave results out).
 */
export function withParameterLinks(
  lines: readonly CalculationLine[],
  results: readonly TaxResult[],
  region: Region,
  base: string,
): LinkedCalculationLine[] {
  return lines.map((line) => {
    const result = results.find((r) => r.calculator === line.viewOption && r.year === line.year);
    const parameters = (result?.explanation.parameters ?? []).map((use): LineParameter => {
      const path = use.parameter === null ? undefined : ruleBookPath(line.viewOption, region, use.parameter);
      return {
        name: use.name,
        value: use.value,
        unit: use.unit,
        provisional: use.provisional,
        parameter: use.parameter,
        ruleBookUrl: path === undefined ? null : `${base}/rules/${path}`,
      };
    });
    return { ...line, parameters };
  });
}
