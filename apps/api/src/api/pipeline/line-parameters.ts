import {
  type CalculationLine,
  type Calculator,
  type ParameterUse,
  type Region,
  ruleBookPath,
  type TaxResult,
} from "@cartax/engine";

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
    const parameters = parametersOf(line, results).map(
      (use): LineParameter => ({
        name: use.name,
        value: use.value,
        unit: use.unit,
        provisional: use.provisional,
        parameter: use.parameter,
        ruleBookUrl: ruleBookUrl(line.viewOption, region, use.parameter, base),
      }),
    );
    return { ...line, parameters };
  });
}

/** The parameters of the result a line was made from (its calculator and year). */
function parametersOf(line: CalculationLine, results: readonly TaxResult[]): readonly ParameterUse[] {
  for (const result of results)
    if (result.calculator === line.viewOption && result.year === line.year)
      return result.explanation.parameters;
  return [];
}

function ruleBookUrl(
  calculator: Calculator,
  region: Region,
  parameter: string | null,
  base: string,
): string | null {
  const path = parameter === null ? undefined : ruleBookPath(calculator, region, parameter);
  return path === undefined ? null : `${base}/rules/${path}`;
}
