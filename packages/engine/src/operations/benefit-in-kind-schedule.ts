import type { Language } from "../core/enums";
import { dec, type Fraction, int, min, mul, ratio, round, sub, toEuros, ZERO } from "../core/exact";
import {
  daysFromTo,
  daysInMonth,
  daysInYear,
  type IsoDate,
  isIsoDate,
  monthBounds,
  parseIsoDate,
} from "../core/iso-date";
import { ResultBuilder } from "../core/result-builder";
import type { Explanation, Outcome, ParameterUse } from "../core/tax-result";
import { isLanguage } from "../explanation/line-description";
import type { CalculationInput } from "../input/calculation-input";
import { lineContextOn } from "../input/line-context";
import { type CalculationInputLike, normalizeCalculationInput } from "../input/normalize-input";
import { checkInputRules, type InputIssue, issuePrefix } from "../input/validate-input";
import { firstRegistrationOf } from "../input/vehicle";
import { LEGAL_TEXTS, legalSourceOf } from "../law/legal-texts";
import { type CarriedParameter, lookingUpUnpublished } from "../law/parameter-table";
import { grossBenefitInKind } from "../taxes/benefit-in-kind/benefit-in-kind";
import { availabilityCountingRule } from "./counting-rules";

/** The longest period a schedule answers: ten years of months (a projection's longest holding period). */
export const SCHEDULE_MAX_DAYS = 3660;

/** The period of a schedule: the first and the last day the car is available (both counted). */
export interface ScheduleOptions {
  readonly from: IsoDate;
  readonly until: IsoDate;
  /**
   * For months whose parameters are not published: false (default) answers them without a figure
   * (`rulesNotAvailable`); true carries the latest published row of each missing parameter.
   */
  readonly assumeLatestRules?: boolean;
  readonly language?: Language;
}

/** One calendar month of the schedule. */
export interface ScheduleMonth {
  /** `YYYY-MM`. */
  readonly month: string;
  readonly year: number;
  /** The first and last day of the month the car is available (both counted). */
  readonly from: IsoDate;
  readonly until: IsoDate;
  /** Days of availability in the month: the first day counts, the day after `until` does not. */
  readonly days: number;
  /** Days of the calendar year (365 or 366): the denominator of the month's share. */
  readonly daysInYear: number;
  readonly outcome: Outcome;
  /** The age coefficient of the month (%), by started months since the first registration. */
  readonly ageCoefficient: number | null;
  /** The CO2 percentage of the month's year (%). */
  readonly co2Percent: number | null;
  /** The yearly minimum of the month's year (€). */
  readonly minimum: number | null;
  /** The yearly benefit at this month's coefficient, after the minimum (€). */
  readonly yearlyAmount: number | null;
  /** The month's share of the yearly benefit before the own contribution, to the cent (€). */
  readonly grossAmount: number | null;
  /** The employee's own contribution deducted this month (€): at most the month's gross amount, so gross − own = amount. */
  readonly ownContribution: number;
  /** The month's taxable benefit, to the cent (€); null without a figure. */
  readonly amount: number | null;
  readonly provisional: boolean;
  /** Parameters carried from a published row (only with `assumeLatestRules`). */
  readonly assumedParameters: readonly CarriedParameter[];
  /** Parameters not published for the month (without `assumeLatestRules`). */
  readonly missingParameters: readonly string[];
}

/** A calendar year of the schedule: the sum of its months, as the tax form (281.10/281.20) carries it. */
export interface ScheduleYear {
  readonly year: number;
  readonly days: number;
  /** The sum of the months' amounts; null when a month has no figure. */
  readonly total: number | null;
  /** The sum of the months' gross amounts (before the own contribution): what rejected expenses take. */
  readonly grossTotal: number | null;
  readonly ownContribution: number;
  readonly complete: boolean;
  readonly provisional: boolean;
  /** The parameters the year's months used, each once, with their sources. */
  readonly parameters: readonly ParameterUse[];
}

/** The benefit in kind month by month over a period of availability. */
export interface BenefitInKindSchedule {
  readonly from: IsoDate;
  readonly until: IsoDate;
  readonly months: readonly ScheduleMonth[];
  readonly years: readonly ScheduleYear[];
  /** The legal basis (art. 36 §2 WIB 92) and the counting rule's sources. */
  readonly legalSource: Explanation["legalSource"];
  readonly countingRule: ParameterUse;
}

/** What `benefitInKindSchedule` answers: the schedule, or the input issues that prevent it. */
export type ScheduleOutcome =
  | ({ readonly ok: true } & BenefitInKindSchedule)
  | { readonly ok: false; readonly issues: readonly InputIssue[] };

/**
 * The benefit in kind of one car month by month (issue "Costs over time that add up"): each month
 * is the yearly amount at that month's age coefficient × the days of availability in the month ÷ the
 * days of the calendar year, to the cent, less the own contribution of those days; each calendar
 * year is the sum of its months. The registration date of the input is the day the law counts the
 * car's regime from; `from`/`until` are the days it is available. Pure; never throws.
 */
export function benefitInKindSchedule(raw: CalculationInputLike, options: ScheduleOptions): ScheduleOutcome {
  const issues = scheduleOptionIssues(options, "options");
  const normalized = normalizeCalculationInput(raw);
  if (!normalized.ok) return { ok: false, issues: [...normalized.issues, ...issues] };
  issues.unshift(...checkInputRules(normalized.input));
  if (issues.length > 0) return { ok: false, issues };
  // A car is not available before it is first registered.
  const first = firstRegistrationOf(normalized.input.car, normalized.input.options.registrationDate);
  if (options.from < first)
    return {
      ok: false,
      issues: [
        {
          field: "options.from",
          rule: "range",
          message: `from must not be before the car's first registration (${first})`,
        },
      ],
    };
  return { ok: true, ...scheduleChecked(normalized.input, options) };
}

/** The issues of a schedule's period (`prefix` names the fields as the request does). */
export function scheduleOptionIssues(options: unknown, given: string = "options"): InputIssue[] {
  const prefix = issuePrefix(given);
  const issues: InputIssue[] = [];
  const { from, until, assumeLatestRules, language } = (
    typeof options === "object" && options !== null ? options : {}
  ) as Record<string, unknown>;
  if (!isIsoDate(from))
    issues.push({ field: `${prefix}.from`, rule: "date", message: "from must be a yyyy-MM-dd date" });
  if (!isIsoDate(until))
    issues.push({ field: `${prefix}.until`, rule: "date", message: "until must be a yyyy-MM-dd date" });
  else if (isIsoDate(from) && until < from)
    issues.push({ field: `${prefix}.until`, rule: "range", message: "until must not be before from" });
  else if (isIsoDate(from) && daysFromTo(from, until) > SCHEDULE_MAX_DAYS)
    issues.push({
      field: `${prefix}.until`,
      rule: "range",
      message: `the period may hold at most ${SCHEDULE_MAX_DAYS} days (until at most ${SCHEDULE_MAX_DAYS - 1} days after from)`,
    });
  if (assumeLatestRules !== undefined && typeof assumeLatestRules !== "boolean")
    issues.push({
      field: `${prefix}.assumeLatestRules`,
      rule: "type",
      message: "assumeLatestRules must be a boolean",
    });
  if (language !== undefined && !isLanguage(language))
    issues.push({ field: `${prefix}.language`, rule: "enum", message: "language must be one of nl, fr, en" });
  return issues;
}

/** The schedule on an input and a period already checked. */
export function scheduleChecked(input: CalculationInput, options: ScheduleOptions): BenefitInKindSchedule {
  const months = monthsOf(options.from, options.until).map((part) =>
    scheduleMonth(input, part, options.assumeLatestRules === true),
  );
  return {
    from: options.from,
    until: options.until,
    months: months.map(({ month }) => month),
    years: scheduleYears(months),
    legalSource: legalSourceOf(LEGAL_TEXTS.benefitInKind, input.profile.region),
    countingRule: availabilityCountingRule,
  };
}

/** The part of a calendar month within a period. */
interface MonthPart {
  readonly year: number;
  readonly month: number;
  readonly from: IsoDate;
  readonly until: IsoDate;
}

/** The calendar months a period touches, each with its part of the period. */
export function monthsOf(from: IsoDate, until: IsoDate): MonthPart[] {
  const parts: MonthPart[] = [];
  const start = parseIsoDate(from);
  if (!start || !isIsoDate(until) || until < from) return parts;
  let { year, month } = start;
  for (;;) {
    const bounds = monthBounds(year, month);
    if (bounds.first > until) break;
    parts.push({
      year,
      month,
      from: bounds.first < from ? from : bounds.first,
      until: bounds.last > until ? until : bounds.last,
    });
    month++;
    if (month > 12) {
      month = 1;
      year++;
    }
  }
  return parts;
}

/** A month computed, with what its year's total needs (the parameters it used). */
interface ComputedMonth {
  readonly month: ScheduleMonth;
  readonly parameters: readonly ParameterUse[];
}

function scheduleMonth(input: CalculationInput, part: MonthPart, carry: boolean): ComputedMonth {
  const ctx = lineContextOn(input, part.from);
  const days = daysFromTo(part.from, part.until);
  const yearDays = daysInYear(part.year);
  const b = new ResultBuilder("BenefitInKind", ctx, LEGAL_TEXTS.benefitInKind);
  const base = {
    month: `${part.year}-${String(part.month).padStart(2, "0")}`,
    year: part.year,
    from: part.from,
    until: part.until,
    days,
    daysInYear: yearDays,
  };
  if (input.profile.status === "Private") {
    return { month: withoutFigure(base, "notApplicable", [], []), parameters: [] };
  }
  const { value: gross, unpublished } = lookingUpUnpublished(carry, () => grossBenefitInKind(ctx, b));
  const explanation = b.explain();
  if (gross === undefined) {
    const missing = carry ? [] : unpublished.map((p) => p.parameter);
    return {
      month: withoutFigure(base, "rulesNotAvailable", [], missing),
      parameters: explanation.parameters,
    };
  }
  // The month's share of the yearly amount (the first day counts, the day after the last does not).
  const grossMonth = round(mul(gross, ratio(days, yearDays)), 2);
  // The own contribution is deducted up to the month's benefit: never below zero.
  const own = min(ownContributionOf(input, part, days), grossMonth);
  const amount = sub(grossMonth, own);
  return {
    month: {
      ...base,
      outcome: "amount",
      ageCoefficient: numberParameter(explanation, "ageCoefficient"),
      co2Percent: co2PercentOf(explanation),
      minimum: minimumOf(explanation),
      yearlyAmount: toEuros(gross),
      grossAmount: toEuros(grossMonth),
      ownContribution: toEuros(own),
      amount: toEuros(amount),
      provisional: explanation.parameters.some((p) => p.provisional) || unpublished.length > 0,
      assumedParameters: carry ? unpublished : [],
      missingParameters: [],
    },
    parameters: explanation.parameters,
  };
}

/**
 * The own contribution of the month's days: the monthly contribution × the days of availability ÷
 * the days of the month (a whole month deducts it all), to the cent. No source says how a
 * contribution is spread over a month of partial availability: docs/engine-conventions.md.
 */
function ownContributionOf(input: CalculationInput, part: MonthPart, days: number): Fraction {
  const own = input.options.ownMonthlyCost;
  if (typeof own !== "number" || own <= 0) return ZERO;
  const monthDays = daysInMonth(part.year, part.month);
  return days === monthDays ? dec(own) : round(mul(dec(own), ratio(days, monthDays)), 2);
}

function withoutFigure(
  base: Pick<ScheduleMonth, "month" | "year" | "from" | "until" | "days" | "daysInYear">,
  outcome: Outcome,
  assumed: readonly CarriedParameter[],
  missing: readonly string[],
): ScheduleMonth {
  return {
    ...base,
    outcome,
    ageCoefficient: null,
    co2Percent: null,
    minimum: null,
    yearlyAmount: null,
    grossAmount: null,
    ownContribution: 0,
    amount: null,
    provisional: false,
    assumedParameters: assumed,
    missingParameters: missing,
  };
}

function numberParameter(explanation: Explanation, name: string): number | null {
  const found = explanation.parameters.find((p) => p.name === name);
  return typeof found?.value === "number" ? found.value : null;
}

function co2PercentOf(explanation: Explanation): number | null {
  const input = explanation.inputs.co2Percent;
  return typeof input === "number" ? input : numberParameter(explanation, "co2Percent");
}

function minimumOf(explanation: Explanation): number | null {
  const input = explanation.inputs.minimumNotReached;
  return typeof input === "number" ? input : numberParameter(explanation, "minimum");
}

/** The calendar years of the months: the sum of their amounts, in whole cents. */
function scheduleYears(months: readonly ComputedMonth[]): ScheduleYear[] {
  const years: ScheduleYear[] = [];
  let i = 0;
  while (i < months.length) {
    const year = (months[i] as ComputedMonth).month.year;
    let days = 0;
    let cents = 0;
    let grossCents = 0;
    let ownCents = 0;
    let complete = true;
    let provisional = false;
    const parameters = new Map<string, ParameterUse>();
    for (; i < months.length && (months[i] as ComputedMonth).month.year === year; i++) {
      const { month, parameters: used } = months[i] as ComputedMonth;
      days += month.days;
      for (const p of used) parameters.set(`${p.name}\u0000${p.value}`, p);
      if (month.amount === null || month.grossAmount === null) {
        complete = false;
        continue;
      }
      cents += Math.round(month.amount * 100);
      grossCents += Math.round(month.grossAmount * 100);
      ownCents += Math.round(month.ownContribution * 100);
      provisional ||= month.provisional;
    }
    years.push({
      year,
      days,
      total: complete ? cents / 100 : null,
      grossTotal: complete ? grossCents / 100 : null,
      ownContribution: ownCents / 100,
      complete,
      provisional,
      parameters: [...parameters.values()],
    });
  }
  return years;
}

/** The yearly total of one year as an exact amount (for the lines built on it). */
export const euros = (amount: number): Fraction =>
  round(mul(int(Math.round(amount * 100)), ratio(1, 100)), 2);
