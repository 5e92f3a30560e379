import {
  type CalculationLine,
  type Calculator,
  type ParameterUse,
  type Region,
  ruleBookPath,
  type TaxResult,
  type UnavailableLine,
} from "@cartax/engine";
import { jsonNumber } from "../http/json-number";

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

/**
 * `JSON.stringify({ calculationId, lines: withParameterLinks(lines, …), unavailableLines })`, byte
 * for byte, without building the linked lines: POST /v1/Calculate's answer and audit record. The
 * parameters are most of the answer (about 8 of its 13 KB) and the same few hundred texts on every
 * request: written from remembered fragments instead of about 70 objects built and then serialised
 * key by key, the bench calculation's answer takes 28 µs instead of 46, counting the flattening of
 * the joined text that its first reader pays (28 November 2026, one core, both in one process;
 * bench/README.md). Collecting the pieces in an array and joining them was no faster. A property
 * test compares the two on random requests.
 */
export function calculationResultJson(
  calculationId: string,
  lines: readonly CalculationLine[],
  unavailableLines: readonly UnavailableLine[],
  results: readonly TaxResult[],
  region: Region,
  base: string,
): string {
  let json = `{"calculationId":${JSON.stringify(calculationId)},"lines":[`;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as CalculationLine;
    const own = JSON.stringify(line);
    json += `${i > 0 ? "," : ""}${own.slice(0, -1)},"parameters":[`;
    const uses = parametersOf(line, results);
    const known = fragmentsOf(line.viewOption, region, base);
    for (let j = 0; j < uses.length; j++) {
      const use = uses[j] as ParameterUse;
      const around = fragment(known, use, line.viewOption, region, base);
      json += `${j > 0 ? "," : ""}${around.before}${jsonValue(use.value)}${around.after}`;
    }
    json += "]}";
  }
  return `${json}],"unavailableLines":${JSON.stringify(unavailableLines)}}`;
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

/** A parameter's JSON text around its value: `{"name":…,"value":` and `,"unit":…}`. */
interface Fragment {
  readonly unit: string;
  readonly before: string;
  readonly after: string;
}

/**
 * Fragments by base address, calculator and region, then by name, then by parameter id (the empty
 * string for none), in pairs (not provisional, provisional). Maps of maps rather than one key made
 * of the parts: a key assembled per use cost as much as the JSON it saved.
 */
type Known = Map<string, Map<string, [Fragment | undefined, Fragment | undefined]>>;
const fragments = new Map<string, Known>();

function fragmentsOf(calculator: Calculator, region: Region, base: string): Known {
  const key = `${base}\u0000${calculator}\u0000${region}`;
  let known = fragments.get(key);
  if (!known) {
    // Bounded by the calculators and regions of one or a few base addresses; a service has one.
    if (fragments.size >= 256) fragments.clear();
    known = new Map();
    fragments.set(key, known);
  }
  return known;
}

function fragment(
  known: Known,
  use: ParameterUse,
  calculator: Calculator,
  region: Region,
  base: string,
): Fragment {
  let byParameter = known.get(use.name);
  if (!byParameter) {
    if (known.size >= 1024) known.clear();
    byParameter = new Map();
    known.set(use.name, byParameter);
  }
  const id = use.parameter ?? "";
  let pair = byParameter.get(id);
  if (!pair) {
    pair = [undefined, undefined];
    byParameter.set(id, pair);
  }
  const slot = use.provisional ? 1 : 0;
  const remembered = pair[slot];
  if (remembered?.unit === use.unit) return remembered;
  const made = {
    unit: use.unit,
    before: `{"name":${JSON.stringify(use.name)},"value":`,
    after: `,"unit":${JSON.stringify(use.unit)},"provisional":${use.provisional},"parameter":${JSON.stringify(use.parameter)},"ruleBookUrl":${JSON.stringify(ruleBookUrl(calculator, region, use.parameter, base))}}`,
  };
  pair[slot] = made;
  return made;
}

/** JSON.stringify of a parameter's value (a number through jsonNumber). */
function jsonValue(value: number | string): string {
  return typeof value === "number" ? jsonNumber(value) : JSON.stringify(value);
}
