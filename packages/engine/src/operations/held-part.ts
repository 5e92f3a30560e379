/**
 * Each tax counted on its own clock over the part of a calendar year the car is held (issue "Costs
 * over time that add up"; the rules and their sources are parameters, `counting-rules.ts`): the
 * registration tax once, in full; the annual road tax for each 12-month taxable period from the
 * registration that starts while the car is held; the benefit in kind per day (its schedule) and the
 * rejected expenses on it; the CO2 contribution for every month of availability, even partial; the
 * deduction's percentage as the year's.
 */

import type { Region } from "../core/enums";
import { int, mul, ratio, toEuros, ZERO } from "../core/exact";
import { addDays, addYears, daysFromTo, daysInYear, type IsoDate, monthNumberSince } from "../core/iso-date";
import { hasFigure, type NoteCode, type ParameterUse, type TaxResult } from "../core/tax-result";
import { type BenefitInKindSchedule, euros, monthsOf } from "./benefit-in-kind-schedule";
import { availabilityCountingRule, co2MonthCountingRule, ROAD_TAX_PERIOD_RULES } from "./counting-rules";

/** The part of a calendar year within a holding period. */
export interface YearPart {
  readonly from: IsoDate;
  readonly until: IsoDate;
  /** Days held in the year, both ends counted. */
  readonly days: number;
  readonly daysInYear: number;
}

/** The holding period and what the road tax's rule depends on. */
export interface Holding {
  readonly registrationDate: IsoDate;
  /** The last day held: the car is deregistered the next day. */
  readonly until: IsoDate;
  readonly region: Region;
}

/** The part of `year` within the period from `from` to `until` (both counted). */
export function heldPartOfYear(year: number, from: IsoDate, until: IsoDate): YearPart {
  const first = `${String(year).padStart(4, "0")}-01-01`;
  const last = `${String(year).padStart(4, "0")}-12-31`;
  const partFrom = from > first ? from : first;
  const partUntil = until < last ? until : last;
  return {
    from: partFrom,
    until: partUntil,
    days: daysFromTo(partFrom, partUntil),
    daysInYear: daysInYear(year),
  };
}

/** A yearly line counted for the part of its year the car is held. */
export function countedForPart(
  yearly: TaxResult,
  period: YearPart,
  holding: Holding,
  schedule: BenefitInKindSchedule | undefined,
): TaxResult {
  switch (yearly.calculator) {
    case "YearlyTax":
      return roadTaxOfPeriods(yearly, holding);
    case "BenefitInKind":
      return benefitOfDays(yearly, period, schedule);
    case "RejectedExpenses":
      return rejectedOnBenefitOfDays(yearly, period, schedule);
    case "CO2Contribution":
      return contributionOfMonths(yearly, period);
    default:
      // The registration tax is due once, in full; the deduction is the year's percentage.
      return yearly;
  }
}

const wholeYear = (period: YearPart) => period.days === period.daysInYear;

/**
 * The annual road tax of the 12-month taxable period that starts in the year, on the first day of
 * the month of registration, when the car is still held then (nothing otherwise). A period cut
 * short by the end of the holding period (the car deregistered the next day) is due for the months
 * before the month of deregistration: the region's rule refunds the rest, except a flat minimum
 * where the rule says so.
 */
function roadTaxOfPeriods(yearly: TaxResult, holding: Holding): TaxResult {
  const rule = ROAD_TAX_PERIOD_RULES[holding.region];
  const start = `${String(yearly.year).padStart(4, "0")}-${holding.registrationDate.slice(5, 7)}-01`;
  if (start > holding.until) {
    return yearly.outcome === "notApplicable"
      ? yearly
      : nothingDue(yearly, rule.use, ["noTaxPeriodStarts"], {});
  }
  const periodUntil = addDays(addYears(start, 1), -1);
  const deregistration = addDays(holding.until, 1);
  const cutShort = deregistration <= periodUntil;
  // Months of the period before the month of deregistration are due; that month and the rest are refunded.
  const monthsDue = cutShort ? monthNumberSince(start, deregistration) - 1 : 12;
  const cutDetails = { periodFrom: start, periodUntil, monthsDue: String(monthsDue), deregistration };
  if (monthsDue === 0 && rule.flatMinimumRefunded && yearly.outcome !== "notApplicable") {
    // Deregistered in the period's first month: all of it is refunded, whatever its amount would be.
    return nothingDue(yearly, rule.use, ["taxPeriodStarts", "taxPeriodCutShort"], cutDetails, rule.assumed);
  }
  if (!hasFigure(yearly)) return yearly;
  const started = noted(yearly, "taxPeriodStarts", { periodFrom: start, periodUntil }, rule.use);
  if (!cutShort || yearly.outcome !== "amount") return started;
  if (!rule.flatMinimumRefunded && yearly.explanation.notes.includes("minimumApplied")) return started;
  const cut = noted(started, "taxPeriodCutShort", { monthsDue: String(monthsDue), deregistration });
  return {
    ...cut,
    amount: toEuros(mul(euros(yearly.amount), ratio(monthsDue, 12))),
    provisional: yearly.provisional || rule.assumed,
  };
}

/**
 * A road-tax line with nothing due: no taxable period starts in the year while the car is held, or
 * the one that starts is refunded whole (deregistered in its first month).
 */
function nothingDue(
  yearly: TaxResult,
  rule: ParameterUse,
  notes: NoteCode[],
  details: Record<string, string>,
  provisional = false,
): TaxResult {
  // Nothing is due, whatever the year's rules or the car's inputs: the line says only that.
  const { calculator, year, evaluationDate, unit, explanation, rulesVersion } = yearly;
  return {
    calculator,
    year,
    evaluationDate,
    outcome: "amount",
    amount: 0,
    unit,
    provisional,
    explanation: {
      ...explanation,
      formula: "",
      inputs: {},
      parameters: [rule],
      notes,
      details,
    },
    rulesVersion,
  };
}

/** The benefit in kind: the sum of the months of its schedule in the year. */
function benefitOfDays(
  yearly: TaxResult,
  period: YearPart,
  schedule: BenefitInKindSchedule | undefined,
): TaxResult {
  const year = schedule?.years.find((y) => y.year === yearly.year);
  if (!hasFigure(yearly) || year === undefined || year.total === null) return yearly;
  const counted = noted(
    partNoted(yearly, period),
    "monthlySchedule",
    { daysInYear: String(period.daysInYear) },
    availabilityCountingRule,
  );
  const { explanation } = counted;
  return {
    ...counted,
    amount: year.total,
    provisional: yearly.provisional || year.provisional,
    explanation: {
      ...explanation,
      // The coefficients of the year's months, not the yearly line's one of the anniversary.
      parameters: explanation.parameters.map((p) =>
        p.name === "ageCoefficient" ? { ...p, value: ageCoefficientsOf(schedule, yearly.year, p.value) } : p,
      ),
    },
  };
}

/** "100 % (2026-01 – 2026-10), 94 % (2026-11 – 2026-12)", or the one coefficient of every month. */
function ageCoefficientsOf(
  schedule: BenefitInKindSchedule | undefined,
  year: number,
  yearly: number | string,
): number | string {
  const runs: { coefficient: number; first: string; last: string }[] = [];
  for (const month of schedule?.months ?? []) {
    if (month.year !== year || month.ageCoefficient === null) continue;
    const last = runs[runs.length - 1];
    if (last !== undefined && last.coefficient === month.ageCoefficient) last.last = month.month;
    else runs.push({ coefficient: month.ageCoefficient, first: month.month, last: month.month });
  }
  if (runs.length === 0) return yearly;
  if (runs.length === 1) return (runs[0] as (typeof runs)[number]).coefficient;
  return runs.map((r) => `${r.coefficient} % (${r.first} – ${r.last})`).join(", ");
}

/** The rejected expenses: the rate of the yearly line on the benefit in kind (before the own contribution) of the days held. */
function rejectedOnBenefitOfDays(
  yearly: TaxResult,
  period: YearPart,
  schedule: BenefitInKindSchedule | undefined,
): TaxResult {
  const year = schedule?.years.find((y) => y.year === yearly.year);
  const rate = yearly.explanation.parameters.find((p) => p.name === "rate")?.value;
  if (yearly.outcome !== "amount" || year?.grossTotal == null || typeof rate !== "number") return yearly;
  const amount = toEuros(mul(euros(year.grossTotal), ratio(rate, 100), int(1)));
  const counted = partNoted(yearly, period);
  return {
    ...counted,
    amount,
    provisional: yearly.provisional || year.provisional,
    explanation: {
      ...counted.explanation,
      inputs: { ...counted.explanation.inputs, benefitInKind: year.grossTotal },
    },
  };
}

/** The CO2 contribution: the monthly amount for every month of the year the car is available, even partly. */
function contributionOfMonths(yearly: TaxResult, period: YearPart): TaxResult {
  if (yearly.outcome !== "amount") return yearly;
  const months = monthsOf(period.from, period.until).length;
  if (months === 12) return yearly;
  // The yearly line is 12 × the monthly amount rounded to the cent: whole cents per month.
  const monthlyCents = Math.round(yearly.amount * 100) / 12;
  const amount = months === 0 ? ZERO : mul(int(Math.round(monthlyCents)), int(months), ratio(1, 100));
  return {
    ...noted(
      partNoted(yearly, period),
      "monthsAvailable",
      { monthsAvailable: String(months) },
      co2MonthCountingRule,
    ),
    amount: toEuros(amount),
  };
}

/** The line says which part of the year it counts, when it is not the whole year. */
function partNoted(result: TaxResult, period: YearPart): TaxResult {
  if (wholeYear(period)) return result;
  return noted(result, "partOfYear", {
    partFrom: period.from,
    partUntil: period.until,
    partDays: String(period.days),
  });
}

/** A result with one more note (and its details), and the counting rule among its parameters. */
function noted(
  result: TaxResult,
  note: NoteCode,
  details: Record<string, string>,
  rule?: TaxResult["explanation"]["parameters"][number],
): TaxResult {
  const { explanation } = result;
  return {
    ...result,
    explanation: {
      ...explanation,
      notes: [...explanation.notes, note],
      details: { ...explanation.details, ...details },
      parameters: rule === undefined ? explanation.parameters : [...explanation.parameters, rule],
    },
  };
}
