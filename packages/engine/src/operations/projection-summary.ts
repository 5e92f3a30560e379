/**
 * The totals of a projection grouped so that only like is added to like (issue "Costs over time
 * that add up"): the taxes the employer pays are summed; the taxable bases (benefit in kind,
 * rejected expenses) are never added to them; the deduction's percentage is a mean. A base is
 * turned into tax only at a rate the request states, and the result is labelled an estimate.
 */
import type { Calculator } from "../core/enums";
import { dec, int, mul, ratio, toEuros } from "../core/exact";
import type { ParameterUse, TaxResult } from "../core/tax-result";
import { hasFigure } from "../core/tax-result";
import type { CalculationInput } from "../input/calculation-input";
import type { InputIssue } from "../input/validate-input";
import { type ParameterRow, rowAt } from "../law/parameter-table";
import { parameter } from "../law/parameters";
import type { YearPart } from "./held-part";
import type { ProjectionTotal } from "./projection-totals";

/** The corporate tax rate a request may ask the rejected expenses to be taxed at. */
export type CorporateTaxRate = "standard" | "smeReduced";
/** The values of `corporateTaxRate`: the standard rate, or the reduced rate of small companies. */
export const CORPORATE_TAX_RATES: readonly CorporateTaxRate[] = ["standard", "smeReduced"];

/** The upper bound of a car's yearly costs a request may state (€). */
export const MAX_YEARLY_CAR_COSTS = 1_000_000;

/** The rates a projection may turn bases into tax with (all optional; no default rate). */
export interface TaxEstimateOptions {
  /** Turns the rejected expenses (and the non-deductible part of `yearlyCarCosts`) into corporate tax. */
  readonly corporateTaxRate?: CorporateTaxRate;
  /** The employee's marginal income tax rate (%), turning the benefit in kind into income tax. */
  readonly employeeMarginalRate?: number;
  /** The car's yearly costs (€, counted per day held), whose non-deductible part adds to corporate tax. */
  readonly yearlyCarCosts?: number;
}

/** A sum of figures of one kind. */
export interface GroupTotal {
  /** The sum of the figures that exist, to the cent; null when none does. */
  readonly rawValue: number | null;
  /** True when every figure the sum adds exists. */
  readonly complete: boolean;
  /** What it adds: calculators, and estimates by name (`corporateTaxEstimate`). */
  readonly adds: readonly string[];
  /** The calculators of the sum that lack a figure in some year (then `complete` is false). */
  readonly incomplete: readonly Calculator[];
}

/** A base turned into tax at a rate the request stated: an estimate, never a tax the law fixes. */
export interface TaxEstimate {
  readonly estimate: true;
  /** Who pays it: the company (corporate tax) or the employee (personal income tax). */
  readonly payer: "employer" | "employee";
  /** The rate applied (%). */
  readonly rate: number;
  /** The parameter the rate comes from (corporate tax), or null for a rate the request stated. */
  readonly rateParameter: ParameterUse | null;
  /** The base the rate is applied to over the period: the figures that exist (€); null when none does. */
  readonly base: number | null;
  /** What the base adds: calculators and `nonDeductibleCarCosts`. */
  readonly adds: readonly string[];
  /** The non-deductible part of the stated yearly car costs over the period (€), when stated. */
  readonly nonDeductibleCarCosts: number | null;
  /** The tax on the base (€), to the cent; null when no figure of the base exists. */
  readonly rawValue: number | null;
  /** True when every figure the base adds exists (else the estimate leaves out what has none). */
  readonly complete: boolean;
}

/** The grouped totals of a projection. */
export interface ProjectionSummary {
  /** Taxes the employer pays: registration tax, annual road tax, CO2 contribution. */
  readonly employerTaxes: GroupTotal;
  /** Taxable bases, never added to taxes: benefit in kind (employee), rejected expenses (company). */
  readonly bases: readonly ProjectionTotal[];
  /** Percentages, never summed: the deduction's mean over the years. */
  readonly percentages: readonly ProjectionTotal[];
  /** With `corporateTaxRate`: corporate tax on the rejected expenses and non-deductible car costs. */
  readonly corporateTaxEstimate: TaxEstimate | null;
  /** With `employeeMarginalRate`: the employee's income tax on the benefit in kind. */
  readonly employeeTaxEstimate: TaxEstimate | null;
  /** With `corporateTaxRate`: the employer's taxes plus the corporate tax estimate. */
  readonly employerTaxesWithEstimate: GroupTotal | null;
}

const standardRate = parameter<number>("corporateTax.standardRate");
const smeReducedRate = parameter<{ readonly rate: number; readonly upTo: number }>(
  "corporateTax.smeReducedRate",
);

/** The issues of the estimate options (`prefix` names them as the request does). */
export function taxEstimateIssues(options: object, prefix: string): InputIssue[] {
  const issues: InputIssue[] = [];
  const { corporateTaxRate, employeeMarginalRate, yearlyCarCosts } = options as Record<string, unknown>;
  if (
    corporateTaxRate !== undefined &&
    !(CORPORATE_TAX_RATES as readonly unknown[]).includes(corporateTaxRate)
  )
    issues.push({
      field: `${prefix}.corporateTaxRate`,
      rule: "enum",
      message: `corporateTaxRate must be one of ${CORPORATE_TAX_RATES.join(", ")}`,
    });
  if (
    employeeMarginalRate !== undefined &&
    (typeof employeeMarginalRate !== "number" ||
      !Number.isFinite(employeeMarginalRate) ||
      employeeMarginalRate < 0 ||
      employeeMarginalRate > 100)
  )
    issues.push({
      field: `${prefix}.employeeMarginalRate`,
      rule: "range",
      message: "employeeMarginalRate must be a percentage from 0 to 100",
    });
  if (
    yearlyCarCosts !== undefined &&
    (typeof yearlyCarCosts !== "number" ||
      !Number.isFinite(yearlyCarCosts) ||
      yearlyCarCosts < 0 ||
      yearlyCarCosts > MAX_YEARLY_CAR_COSTS)
  )
    issues.push({
      field: `${prefix}.yearlyCarCosts`,
      rule: "range",
      message: `yearlyCarCosts must be an amount from 0 to ${MAX_YEARLY_CAR_COSTS} euros`,
    });
  else if (yearlyCarCosts !== undefined && corporateTaxRate === undefined)
    issues.push({
      field: `${prefix}.yearlyCarCosts`,
      rule: "requires",
      message: "yearlyCarCosts is used only with corporateTaxRate",
    });
  return issues;
}

const EMPLOYER_TAXES: readonly Calculator[] = ["RoadTax", "YearlyTax", "CO2Contribution"];

interface SummaryYear {
  readonly year: number;
  readonly period: YearPart;
  readonly results: readonly TaxResult[];
}

/** The grouped totals of a projection's totals and years. */
export function projectionSummary(
  input: CalculationInput,
  totals: readonly ProjectionTotal[],
  years: readonly SummaryYear[],
  options: TaxEstimateOptions,
): ProjectionSummary {
  const employerTaxes = groupTotal(totals.filter((t) => t.kind === "employerTax"));
  const corporate =
    options.corporateTaxRate === undefined ? null : corporateTaxEstimate(input, years, options);
  const employee =
    options.employeeMarginalRate === undefined
      ? null
      : employeeTaxEstimate(totals, options.employeeMarginalRate);
  return {
    employerTaxes,
    bases: totals.filter((t) => t.kind === "base"),
    percentages: totals.filter((t) => t.kind === "percentage"),
    corporateTaxEstimate: corporate,
    employeeTaxEstimate: employee,
    employerTaxesWithEstimate:
      corporate === null
        ? null
        : {
            rawValue:
              employerTaxes.rawValue === null && corporate.rawValue === null
                ? null
                : (cents(employerTaxes.rawValue) + cents(corporate.rawValue)) / 100,
            complete: employerTaxes.complete && corporate.complete,
            adds: [...employerTaxes.adds, "corporateTaxEstimate"],
            incomplete: employerTaxes.incomplete,
          },
  };
}

const cents = (value: number | null) => (value === null ? 0 : Math.round(value * 100));

function groupTotal(parts: readonly ProjectionTotal[]): GroupTotal {
  let sum = 0;
  let any = false;
  for (const part of parts) {
    if (part.rawValue === null) continue;
    any = true;
    sum += cents(part.rawValue);
  }
  const incomplete = parts.filter((p) => !p.complete).map((p) => p.viewOption);
  return {
    rawValue: any ? sum / 100 : null,
    complete: parts.length === EMPLOYER_TAXES.length && incomplete.length === 0,
    adds: parts.map((p) => p.viewOption),
    incomplete,
  };
}

/** The employee's income tax on the benefit in kind of the period, at the rate stated. */
function employeeTaxEstimate(totals: readonly ProjectionTotal[], rate: number): TaxEstimate {
  const bik = totals.find((t) => t.viewOption === "BenefitInKind");
  const base = bik?.rawValue ?? null;
  return {
    estimate: true,
    payer: "employee",
    rate,
    rateParameter: null,
    base,
    adds: ["BenefitInKind"],
    nonDeductibleCarCosts: null,
    rawValue: base === null ? null : toEuros(mul(dec(base), dec(rate), ratio(1, 100))),
    complete: bik?.complete === true,
  };
}

/**
 * Corporate tax on the rejected expenses of each year and, with yearly car costs, on their
 * non-deductible part (the costs of the days held × (100 − the year's deduction %)), at the rate of
 * each year (art. 215 WIB 92).
 */
function corporateTaxEstimate(
  input: CalculationInput,
  years: readonly SummaryYear[],
  options: TaxEstimateOptions,
): TaxEstimate {
  const sme = options.corporateTaxRate === "smeReduced";
  let taxCents = 0;
  let baseCents = 0;
  let costCents = 0;
  let complete = input.profile.status !== "Private" && input.profile.status !== "SoleProprietor";
  let rateUse: ParameterUse | null = null;
  let any = false;
  let rate = 0;
  for (const { year, period, results } of years) {
    const row = sme ? rowAt(smeReducedRate, `${year}-01-01`) : rowAt(standardRate, `${year}-01-01`);
    if (row === undefined) {
      complete = false;
      continue;
    }
    rate = sme ? (row as ParameterRow<{ rate: number }>).value.rate : (row as ParameterRow<number>).value;
    rateUse ??= rateParameter(row, rate, sme);
    const rejected = results.find((r) => r.calculator === "RejectedExpenses");
    let base = 0;
    if (rejected === undefined || !hasFigure(rejected)) complete = false;
    else {
      base += cents(rejected.amount);
      any = true;
    }
    if (options.yearlyCarCosts !== undefined) {
      const deduction = results.find((r) => r.calculator === "FiscalDeduction");
      if (deduction === undefined || !hasFigure(deduction)) complete = false;
      else {
        const nonDeductible = mul(
          dec(options.yearlyCarCosts),
          ratio(period.days, period.daysInYear),
          ratio(Math.round((100 - deduction.amount) * 100), 10_000),
        );
        const part = cents(toEuros(nonDeductible));
        any = true;
        costCents += part;
        base += part;
      }
    }
    baseCents += base;
    taxCents += cents(toEuros(mul(int(base), ratio(1, 100), dec(rate), ratio(1, 100))));
  }
  return {
    estimate: true,
    payer: "employer",
    rate,
    rateParameter: rateUse,
    base: any ? baseCents / 100 : null,
    adds:
      options.yearlyCarCosts === undefined
        ? ["RejectedExpenses"]
        : ["RejectedExpenses", "nonDeductibleCarCosts"],
    nonDeductibleCarCosts: options.yearlyCarCosts === undefined ? null : costCents / 100,
    rawValue: any ? taxCents / 100 : null,
    complete,
  };
}

function rateParameter(row: ParameterRow<unknown>, rate: number, sme: boolean): ParameterUse {
  return {
    name: sme ? "smeReducedRate" : "standardRate",
    value: rate,
    unit: "%",
    source: row.sources[0],
    provisional: row.provisional === true,
    parameter: row.parameter ?? null,
  };
}
