import type { CalculationInput } from "./calculation-input";
import { benefitInKind } from "./calculators/benefit-in-kind";
import { co2Contribution } from "./calculators/co2-contribution";
import { fiscalDeduction } from "./calculators/fiscal-deduction";
import { rejectedExpenses } from "./calculators/rejected-expenses";
import { roadTax } from "./calculators/road-tax";
import { yearlyTax } from "./calculators/yearly-tax";
import { ALL_VIEW_OPTIONS, CALCULATORS, type Calculator, ViewOption } from "./enums";
import { yearOf } from "./iso-date";
import { type LineContext, lineContext } from "./line-context";
import type { TaxResult } from "./tax-result";
import { type InputIssue, validateCalculationInput } from "./validate-input";

export type CalculatorFunction = (ctx: LineContext) => TaxResult;

/** The six calculators, keyed by their ViewOptions name. */
export const calculators: Readonly<Record<Calculator, CalculatorFunction>> = {
  RoadTax: roadTax,
  YearlyTax: yearlyTax,
  BenefitInKind: benefitInKind,
  FiscalDeduction: fiscalDeduction,
  RejectedExpenses: rejectedExpenses,
  CO2Contribution: co2Contribution,
};

/** One-off taxes answer for the registration year only; the others for Y and Y+1. */
export const isRecurring = (calculator: Calculator): boolean => calculator !== "RoadTax";

/** Years a calculator answers for, given the registration date. */
export function lineYears(calculator: Calculator, registrationDate: string): number[] {
  const year = yearOf(registrationDate);
  return isRecurring(calculator) ? [year, year + 1] : [year];
}

export type CalculationOutcome =
  | { readonly ok: true; readonly results: readonly TaxResult[] }
  | { readonly ok: false; readonly issues: readonly InputIssue[] };

/**
 * Runs the calculators selected by `viewOptions` (all when absent or 0) for one car and profile.
 * Never throws for a legal situation: invalid input comes back as issues, missing rules as
 * `rulesNotAvailable` lines.
 */
export function calculate(input: CalculationInput): CalculationOutcome {
  const issues = validateCalculationInput(input);
  if (issues.length > 0) return { ok: false, issues };
  const mask = input.viewOptions ? input.viewOptions & ALL_VIEW_OPTIONS : ALL_VIEW_OPTIONS;
  const results: TaxResult[] = [];
  // One context per year, shared by the calculators so common intermediate results are computed once.
  const contexts = new Map<number, LineContext>();
  for (const calculator of CALCULATORS) {
    if ((mask & ViewOption[calculator]) === 0) continue;
    for (const year of lineYears(calculator, input.options.registrationDate)) {
      let ctx = contexts.get(year);
      if (!ctx) {
        ctx = lineContext(input, year);
        contexts.set(year, ctx);
      }
      results.push(calculators[calculator](ctx));
    }
  }
  return { ok: true, results };
}

/** One calculator for one year (the test-vector runner and the matrix use it). */
export function calculateLine(input: CalculationInput, calculator: Calculator, year: number): TaxResult {
  return calculators[calculator](lineContext(input, year));
}
