/**
 * How each tax counts a part of a year (issue "Costs over time that add up"), as dated, sourced
 * parameters like every rule of law: the code implements the rule each value names, and a file
 * naming another rule stops the engine at load rather than be applied wrongly.
 */
import type { Region } from "../core/enums";
import type { ParameterUse } from "../core/tax-result";
import { constantRow, parameter } from "../law/parameters";

/** Benefit in kind: per calendar day of availability, the first day counted, the last not. */
export const availabilityCountingRule = checkedRule("bik.availabilityCounting", "calendarDays");

/** CO2 solidarity contribution: the monthly amount for every month the car is available, even partly. */
export const co2MonthCountingRule = checkedRule("co2Contribution.monthCounting", "startedMonth");

/**
 * Annual road tax, per region: one tax per 12-month taxable period from the first day of the month
 * of registration, due in full when it starts; what a deregistration refunds of a period cut short.
 */
export interface RoadTaxPeriodRule {
  readonly use: ParameterUse;
  /** Whether a tax at the flat minimum is refunded too (Wallonia: never). */
  readonly flatMinimumRefunded: boolean;
  /** The reading is an assumption (a low-confidence row): a line it changes is provisional. */
  readonly assumed: boolean;
}

interface PeriodCounting {
  readonly taxablePeriod: string;
  readonly onDeregistration: string;
  readonly flatMinimumRefunded?: boolean;
}

function periodRule(region: string): RoadTaxPeriodRule {
  const id = `${region}.roadTax.periodCounting`;
  const row = constantRow<PeriodCounting>(id);
  const { taxablePeriod, onDeregistration, flatMinimumRefunded } = row.value;
  if (taxablePeriod !== "twelveMonthsFromRegistrationMonth")
    throw new Error(
      `parameter ${id} names the period ${taxablePeriod}; the engine implements twelveMonthsFromRegistrationMonth`,
    );
  if (onDeregistration !== "refundFromDeregistrationMonth" && onDeregistration !== "refundRemainingPeriod")
    throw new Error(
      `parameter ${id} names the refund rule ${onDeregistration}, which the engine does not implement`,
    );
  return Object.freeze({
    use: Object.freeze({
      name: "periodCounting",
      value: `${taxablePeriod}; ${onDeregistration}`,
      unit: parameter(id).unit,
      source: row.sources[0],
      provisional: row.provisional === true,
      parameter: id,
    }),
    flatMinimumRefunded: flatMinimumRefunded !== false,
    assumed: row.confidence === "low",
  });
}

/** The road tax's counting rule of each region. */
export const ROAD_TAX_PERIOD_RULES: Readonly<Record<Region, RoadTaxPeriodRule>> = {
  Flanders: periodRule("flanders"),
  Wallonia: periodRule("wallonia"),
  Brussels: periodRule("brussels"),
};

function checkedRule(id: string, expected: string): ParameterUse {
  const table = parameter<string>(id);
  const row = constantRow<string>(id);
  if (row.value !== expected)
    throw new Error(`parameter ${id} names the rule ${row.value}; the engine implements ${expected}`);
  return Object.freeze({
    name: id.slice(id.lastIndexOf(".") + 1),
    value: row.value,
    unit: table.unit,
    source: row.sources[0],
    provisional: row.provisional === true,
    parameter: id,
  });
}
