import { ALL_VIEW_OPTIONS, CALCULATORS, type Calculator, type Language, ViewOption } from "../core/enums";
import { yearOf } from "../core/iso-date";
import { REGISTRATION_DATE_RANGE } from "../core/registration-date-range";
import { hasFigure, type TaxResult } from "../core/tax-result";
import {
  type CalculationLine,
  toCalculationLines,
  type UnavailableLine,
} from "../explanation/calculation-line";
import { isLanguage } from "../explanation/line-description";
import type { CalculationInput } from "../input/calculation-input";
import { lineContext } from "../input/line-context";
import { type CalculationInputLike, normalizeCalculationInput } from "../input/normalize-input";
import { checkInputRules, type InputIssue } from "../input/validate-input";
import { calculators, isRecurring } from "./calculate";

/** The holding periods a projection answers: 1 to 10 years, 4 by default (issue 22). */
export const PROJECTION_YEARS = { min: 1, max: 10, default: 4 } as const;

/** Options of `project` (the HTTP body's `options.years` and `options.assumeLatestRules`). */
export interface ProjectionOptions {
  /** Years of the holding period, the registration year first: 1 to 10, default 4. */
  readonly years?: number;
  /**
   * For a year whose rules are not published: false (default) answers its lines as
   * `rulesNotAvailable`, as `calculate` does; true applies the rules of the latest earlier year
   * that has them, and the line says which (`assumedRulesYear`, note `assumedRules`, provisional).
   */
  readonly assumeLatestRules?: boolean;
  /** Language of the lines; default the profile's language, else English. */
  readonly language?: Language;
}

/** One year of a projection: the engine results and the lines the API answers for them. */
export interface ProjectionYear {
  readonly year: number;
  /** The results of the selected calculators for this year, in answer order (RoadTax only in the registration year). */
  readonly results: readonly TaxResult[];
  /** The results with a figure, as CalculationLines. */
  readonly lines: readonly CalculationLine[];
  /** The results without one (missing input, not applicable, rules not published). */
  readonly unavailableLines: readonly UnavailableLine[];
}

/**
 * A calculator over the holding period. Euro calculators add their yearly figures (`aggregate:
 * "sum"`); FiscalDeduction, a percentage, gives the mean of its yearly percentages (`"mean"`).
 */
export interface ProjectionTotal {
  readonly viewOption: Calculator;
  /** The sum (or mean) of the yearly figures that exist, to the cent; null when no year has one. */
  readonly rawValue: number | null;
  /** True when every year the calculator answers for has a figure (no unavailable line). */
  readonly complete: boolean;
  readonly unit: "EUR" | "percent";
  readonly aggregate: "sum" | "mean";
  /** How many yearly lines have a figure. */
  readonly yearsWithFigure: number;
  /** How many of them applied assumed rules (`assumeLatestRules`). */
  readonly yearsAssumed: number;
}

/** A projection: the years of the holding period and the totals per calculator. */
export interface Projection {
  readonly years: readonly ProjectionYear[];
  readonly totals: readonly ProjectionTotal[];
}

/** What `project` answers: the projection, or the input issues that prevent it. */
export type ProjectionOutcome =
  | ({ readonly ok: true } & Projection)
  | { readonly ok: false; readonly issues: readonly InputIssue[] };

/**
 * The tax cost of a car over its holding period: every selected calculator for each year from the
 * registration year, `years` years long (registration tax once, in its year; the five recurring
 * taxes every year), as results and CalculationLines per year, plus totals per calculator. The
 * first two years are exactly what `calculate` answers. Pure; never throws for a legal situation.
 */
export function project(raw: CalculationInputLike, options: ProjectionOptions = {}): ProjectionOutcome {
  // Checked at run time: the options often come from JSON.
  if (typeof options !== "object" || options === null) options = {};
  const issues = projectionOptionIssues(options, "options");
  const normalized = normalizeCalculationInput(raw);
  if (!normalized.ok) return { ok: false, issues: [...normalized.issues, ...issues] };
  issues.unshift(...checkInputRules(normalized.input));
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, ...projectChecked(normalized.input, options) };
}

/**
 * The issues of projection options (`prefix` names them as the request does: `options.years`).
 * Exported for the HTTP layer, which checks them with the rest of the body.
 */
export function projectionOptionIssues(options: unknown, prefix = "options"): InputIssue[] {
  const issues: InputIssue[] = [];
  if (typeof options !== "object" || options === null) return issues;
  const { years, assumeLatestRules, language } = options as Record<string, unknown>;
  if (
    years !== undefined &&
    (typeof years !== "number" ||
      !Number.isInteger(years) ||
      years < PROJECTION_YEARS.min ||
      years > PROJECTION_YEARS.max)
  ) {
    issues.push({
      field: `${prefix}.years`,
      rule: "range",
      message: `years must be a whole number from ${PROJECTION_YEARS.min} to ${PROJECTION_YEARS.max}`,
    });
  }
  if (assumeLatestRules !== undefined && typeof assumeLatestRules !== "boolean") {
    issues.push({
      field: `${prefix}.assumeLatestRules`,
      rule: "type",
      message: "assumeLatestRules must be a boolean",
    });
  }
  if (language !== undefined && !isLanguage(language)) {
    issues.push({ field: `${prefix}.language`, rule: "enum", message: "language must be one of nl, fr, en" });
  }
  return issues;
}

/** The earliest income year an assumed law may come from: the engine answers no earlier registration. */
const EARLIEST_LAW_YEAR = yearOf(REGISTRATION_DATE_RANGE.from);

/** `project` on an input and options already checked. */
export function projectChecked(input: CalculationInput, options: ProjectionOptions = {}): Projection {
  const count = options.years ?? PROJECTION_YEARS.default;
  const assume = options.assumeLatestRules === true;
  const language = options.language ?? (isLanguage(input.profile.language) ? input.profile.language : "en");
  const mask = input.viewOptions ? input.viewOptions & ALL_VIEW_OPTIONS : ALL_VIEW_OPTIONS;
  const selected = CALCULATORS.filter((calculator) => (mask & ViewOption[calculator]) !== 0);
  const first = yearOf(input.options.registrationDate);
  // Per calculator, the latest year whose law was found to apply: later years never look further back.
  const lawFloor = new Map<Calculator, number>();
  const years: ProjectionYear[] = [];
  for (let year = first; year < first + count; year++) {
    // One context per year shared by its calculators, as `calculate` does (same results).
    const ctx = lineContext(input, year);
    const results: TaxResult[] = [];
    for (const calculator of selected) {
      if (!isRecurring(calculator) && year !== first) continue;
      let result = calculators[calculator](ctx);
      if (assume && result.outcome === "rulesNotAvailable") {
        result = withLatestRules(input, calculator, year, lawFloor) ?? result;
      }
      results.push(result);
    }
    const { lines, unavailableLines } = toCalculationLines(results, language);
    years.push({ year, results, lines, unavailableLines });
  }
  return { years, totals: projectionTotals(selected, years) };
}

/**
 * The line of `year` under the law of the latest earlier year that has its rules (looking back no
 * further than the year found for the previous year, nor before the engine's first year), marked
 * with that year; undefined when no earlier year has them either.
 */
function withLatestRules(
  input: CalculationInput,
  calculator: Calculator,
  year: number,
  lawFloor: Map<Calculator, number>,
): TaxResult | undefined {
  const floor = lawFloor.get(calculator) ?? EARLIEST_LAW_YEAR;
  for (let lawYear = year - 1; lawYear >= floor; lawYear--) {
    const result = calculators[calculator](lineContext(input, year, true, lawYear));
    if (result.outcome === "rulesNotAvailable") continue;
    lawFloor.set(calculator, lawYear);
    return assumedLaw(result, lawYear);
  }
  return undefined;
}

/** A result computed under the law of `lawYear` instead of its own year's, saying so. */
function assumedLaw(result: TaxResult, lawYear: number): TaxResult {
  const { explanation } = result;
  return {
    ...result,
    // An estimate: the rules of its own year may differ once published.
    provisional: result.outcome === "amount" || result.provisional,
    explanation: {
      ...explanation,
      notes: [...explanation.notes, "assumedRules"],
      details: { ...explanation.details, lineYear: String(result.year), assumedRulesYear: String(lawYear) },
    },
    assumedRulesYear: lawYear,
  };
}

/** The totals per selected calculator over the years of a projection. */
function projectionTotals(
  selected: readonly Calculator[],
  years: readonly { readonly results: readonly TaxResult[] }[],
): ProjectionTotal[] {
  return selected.map((calculator) => {
    let cents = 0;
    let withFigure = 0;
    let assumed = 0;
    let lines = 0;
    let unit: "EUR" | "percent" = calculator === "FiscalDeduction" ? "percent" : "EUR";
    for (const { results } of years) {
      for (const result of results) {
        if (result.calculator !== calculator) continue;
        lines++;
        unit = result.unit;
        if (!hasFigure(result)) continue;
        withFigure++;
        if (result.assumedRulesYear !== undefined) assumed++;
        // Whole cents: the sum of amounts rounded to the cent is exact.
        cents += Math.round(result.amount * 100);
      }
    }
    const aggregate = unit === "percent" ? "mean" : "sum";
    const rawValue =
      withFigure === 0 ? null : aggregate === "sum" ? cents / 100 : Math.round(cents / withFigure) / 100;
    return {
      viewOption: calculator,
      rawValue,
      complete: lines > 0 && withFigure === lines,
      unit,
      aggregate,
      yearsWithFigure: withFigure,
      yearsAssumed: assumed,
    };
  });
}
