import { ALL_VIEW_OPTIONS, CALCULATORS, type Calculator, type Language, ViewOption } from "../core/enums";
import { addDays, addYears, type IsoDate, isIsoDate, yearOf } from "../core/iso-date";
import type { TaxResult } from "../core/tax-result";
import {
  type CalculationLine,
  toCalculationLines,
  type UnavailableLine,
} from "../explanation/calculation-line";
import { isLanguage } from "../explanation/line-description";
import type { CalculationInput } from "../input/calculation-input";
import { lineContext } from "../input/line-context";
import { type CalculationInputLike, normalizeCalculationInput } from "../input/normalize-input";
import { checkInputRules, type InputIssue, issuePrefix } from "../input/validate-input";
import { lookingUpUnpublished } from "../law/parameter-table";
import { type BenefitInKindSchedule, scheduleChecked } from "./benefit-in-kind-schedule";
import { calculators, isRecurring } from "./calculate";
import { countedForPart, heldPartOfYear, type YearPart } from "./held-part";
import {
  type ProjectionSummary,
  projectionSummary,
  type TaxEstimateOptions,
  taxEstimateIssues,
} from "./projection-summary";
import { type ProjectionTotal, projectionTotals } from "./projection-totals";
import { assumingLatestRules } from "./unpublished-law";

export type { CorporateTaxRate, GroupTotal, ProjectionSummary, TaxEstimate } from "./projection-summary";
export type { ProjectionTotal } from "./projection-totals";

/** The holding periods a projection answers: 1 to 10 years, 4 by default (issue 22). */
export const PROJECTION_YEARS = { min: 1, max: 10, default: 4 } as const;

/** Options of `project` (the HTTP body's `options.years`, `options.until`, `options.assumeLatestRules`…). */
export interface ProjectionOptions extends TaxEstimateOptions {
  /**
   * The holding period in years from the registration date: 1 to 10, default 4 (the car is held
   * until the day before the registration's anniversary in the last year). Not with `until`.
   */
  readonly years?: number;
  /** The last day the car is held (counted), instead of `years`: at most ten years after the registration. */
  readonly until?: IsoDate;
  /**
   * For a date whose parameters are not published: false (default) answers the line as
   * `rulesNotAvailable` naming the parameters missing, as `calculate` does; true uses every row in
   * force on the line's dates and carries only the parameters that have none from their latest
   * published row; the line names them (`assumedParameters`) and is provisional.
   */
  readonly assumeLatestRules?: boolean;
  /** Language of the lines; default the profile's language, else English. */
  readonly language?: Language;
}

/** One calendar year of a projection: the part of the holding period in it, its results and lines. */
export interface ProjectionYear {
  readonly year: number;
  /** The days of the year the car is held (from its first to its last, both counted). */
  readonly period: YearPart;
  /** The results of the selected calculators for this year's part, in answer order (RoadTax only in the registration year). */
  readonly results: readonly TaxResult[];
  /** The results with a figure, as CalculationLines. */
  readonly lines: readonly CalculationLine[];
  /** The results without one (missing input, not applicable, rules not published). */
  readonly unavailableLines: readonly UnavailableLine[];
}

/** A projection: the holding period, its calendar years, the totals per calculator and grouped. */
export interface Projection {
  readonly from: IsoDate;
  readonly until: IsoDate;
  readonly years: readonly ProjectionYear[];
  readonly totals: readonly ProjectionTotal[];
  /** The totals grouped so that only like is added to like: taxes paid, bases, percentages, estimates. */
  readonly summary: ProjectionSummary;
}

/** What `project` answers: the projection, or the input issues that prevent it. */
export type ProjectionOutcome =
  | ({ readonly ok: true } & Projection)
  | { readonly ok: false; readonly issues: readonly InputIssue[] };

/**
 * The tax cost of a car over its holding period, by the day: from the registration date to the
 * last day held, each calendar year holds its part of the period (issue "Costs over time that add
 * up"): the registration tax once; the annual road tax for each 12-month taxable period that
 * starts in the year; the benefit in kind per day of availability at each month's age coefficient
 * (`benefitInKindSchedule`), the rejected expenses on it; the CO2 contribution per month of
 * availability; the deduction percentage of the year. A year the car is held whole has
 * `calculate`'s lines except the benefit in kind (and rejected expenses) of a year whose age
 * coefficient changes. Pure; never throws for a legal situation.
 */
export function project(raw: CalculationInputLike, options: ProjectionOptions = {}): ProjectionOutcome {
  // Checked at run time: the options often come from JSON.
  if (typeof options !== "object" || options === null) options = {};
  const issues = projectionOptionIssues(options, "options");
  const normalized = normalizeCalculationInput(raw);
  if (!normalized.ok) return { ok: false, issues: [...normalized.issues, ...issues] };
  issues.unshift(...checkInputRules(normalized.input));
  const until = options.until;
  if (isIsoDate(until) && issues.length === 0)
    issues.push(...untilIssues(normalized.input, until, "options"));
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, ...projectChecked(normalized.input, options) };
}

/**
 * The issues of projection options (`prefix` names them as the request does: `options.years`).
 * Exported for the HTTP layer, which checks them with the rest of the body.
 */
export function projectionOptionIssues(options: unknown, given: string = "options"): InputIssue[] {
  const prefix = issuePrefix(given);
  const issues: InputIssue[] = [];
  if (typeof options !== "object" || options === null) return issues;
  const { years, until, assumeLatestRules, language } = options as Record<string, unknown>;
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
  if (until !== undefined && !isIsoDate(until)) {
    issues.push({ field: `${prefix}.until`, rule: "date", message: "until must be a yyyy-MM-dd date" });
  } else if (until !== undefined && years !== undefined) {
    issues.push({
      field: `${prefix}.until`,
      rule: "exclusive",
      message: "give the holding period as years or as until, not both",
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
  issues.push(...taxEstimateIssues(options, prefix));
  return issues;
}

/**
 * The issues of an explicit last day against the registration date: not before it, at most
 * ten years after it (the longest holding period), within the dates the engine answers.
 */
export function untilIssues(input: CalculationInput, until: IsoDate, prefix = "options"): InputIssue[] {
  const from = input.options.registrationDate;
  const latest = lastDayHeld(from, PROJECTION_YEARS.max);
  if (until < from)
    return [
      { field: `${prefix}.until`, rule: "range", message: "until must not be before the registration date" },
    ];
  if (until > latest)
    return [
      {
        field: `${prefix}.until`,
        rule: "range",
        message: `until must be at most ${PROJECTION_YEARS.max} years after the registration date (${latest})`,
      },
    ];
  return [];
}

/** The last day of a holding period of `years` years from `from`: the day before its anniversary. */
export const lastDayHeld = (from: IsoDate, years: number): IsoDate => addDays(addYears(from, years), -1);

/** `project` on an input and options already checked. */
export function projectChecked(input: CalculationInput, options: ProjectionOptions = {}): Projection {
  const from = input.options.registrationDate;
  const until = options.until ?? lastDayHeld(from, options.years ?? PROJECTION_YEARS.default);
  const assume = options.assumeLatestRules === true;
  const language = options.language ?? (isLanguage(input.profile.language) ? input.profile.language : "en");
  const mask = input.viewOptions ? input.viewOptions & ALL_VIEW_OPTIONS : ALL_VIEW_OPTIONS;
  const selected = CALCULATORS.filter((calculator) => (mask & ViewOption[calculator]) !== 0);
  const needsSchedule = selected.includes("BenefitInKind") || selected.includes("RejectedExpenses");
  const schedule = needsSchedule
    ? scheduleChecked(input, { from, until, assumeLatestRules: assume, language })
    : undefined;
  const years: ProjectionYear[] = [];
  for (let year = yearOf(from); year <= yearOf(until); year++) {
    const period = heldPartOfYear(year, from, until);
    const results = selected
      .filter((calculator) => isRecurring(calculator) || year === yearOf(from))
      .map((calculator) => heldLine(input, calculator, year, period, until, schedule, assume));
    const { lines, unavailableLines } = toCalculationLines(results, language);
    years.push({ year, period, results, lines, unavailableLines });
  }
  const totals = projectionTotals(selected, years);
  return { from, until, years, totals, summary: projectionSummary(input, totals, years, options) };
}

/**
 * One calculator's line for the part of `year` the car is held: the calculator's yearly line (its
 * explanation and sources), counted by the tax's own clock (held-part.ts).
 */
function heldLine(
  input: CalculationInput,
  calculator: Calculator,
  year: number,
  period: YearPart,
  until: IsoDate,
  schedule: BenefitInKindSchedule | undefined,
  assume: boolean,
): TaxResult {
  const run = () => calculators[calculator](lineContext(input, year));
  const yearly = assume ? assumingLatestRules(run) : lookingUpUnpublished(false, run).value;
  const holding = { registrationDate: input.options.registrationDate, until, region: input.profile.region };
  return countedForPart(yearly, period, holding, schedule);
}
