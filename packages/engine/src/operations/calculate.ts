import { ALL_VIEW_OPTIONS, CALCULATORS, type Calculator, ViewOption } from "../core/enums";
import { isIsoDate, yearOf } from "../core/iso-date";
import type { TaxResult } from "../core/tax-result";
import type { CalculationInput } from "../input/calculation-input";
import { type LineContext, lineContext } from "../input/line-context";
import { type CalculationInputLike, normalizeCalculationInput } from "../input/normalize-input";
import { checkInputRules, type InputIssue } from "../input/validate-input";
import { lookingUpUnpublished } from "../law/parameter-table";
import { annualRoadTax } from "../taxes/annual-road-tax/annual-road-tax";
import { benefitInKind } from "../taxes/benefit-in-kind/benefit-in-kind";
import { co2Contribution } from "../taxes/co2-contribution/co2-contribution";
import { fiscalDeduction } from "../taxes/deduction/fiscal-deduction";
import { registrationTax } from "../taxes/registration-tax/registration-tax";
import { rejectedExpenses } from "../taxes/rejected-expenses/rejected-expenses";
import { namingMissingParameters } from "./unpublished-law";

/** One calculator: the result of one line from the shared context of its year. */
export type CalculatorFunction = (ctx: LineContext) => TaxResult;

/** The six calculators, keyed by their ViewOptions name. */
export const calculators: Readonly<Record<Calculator, CalculatorFunction>> = {
  RoadTax: registrationTax,
  YearlyTax: annualRoadTax,
  BenefitInKind: benefitInKind,
  FiscalDeduction: fiscalDeduction,
  RejectedExpenses: rejectedExpenses,
  CO2Contribution: co2Contribution,
};

/** One-off taxes answer for the registration year only; the others for Y and Y+1. */
export const isRecurring = (calculator: Calculator): boolean => calculator !== "RoadTax";

/** The calculators in answer order with their flag, function and recurrence, resolved once. */
const RUN_ORDER = CALCULATORS.map((calculator) => ({
  flag: ViewOption[calculator],
  run: calculators[calculator],
  recurring: isRecurring(calculator),
}));

/** Years a calculator answers for, given the registration date. */
export function lineYears(calculator: Calculator, registrationDate: string): number[] {
  if (!CALCULATORS.includes(calculator) || !isIsoDate(registrationDate)) return [];
  const year = yearOf(registrationDate);
  return isRecurring(calculator) ? [year, year + 1] : [year];
}

/** What `calculate` answers: one result per calculator and year, or the input issues that prevent them. */
export type CalculationOutcome =
  | { readonly ok: true; readonly results: readonly TaxResult[] }
  | { readonly ok: false; readonly issues: readonly InputIssue[] };

/**
 * Runs the calculators selected by `viewOptions` (all when absent or 0) for one car and profile.
 * Never throws for a legal situation: invalid input comes back as issues, missing rules as
 * `rulesNotAvailable` lines.
 */
export function calculate(raw: CalculationInputLike): CalculationOutcome {
  const normalized = normalizeCalculationInput(raw);
  if (!normalized.ok) return normalized;
  const input = normalized.input;
  const issues = checkInputRules(input);
  if (issues.length > 0) return { ok: false, issues };
  const mask = input.viewOptions ? input.viewOptions & ALL_VIEW_OPTIONS : ALL_VIEW_OPTIONS;
  const results: TaxResult[] = [];
  // One context per year, shared by the calculators so common intermediate results are computed
  // once: the registration year, and the next for the recurring taxes (lineYears).
  const year = yearOf(input.options.registrationDate);
  let current: LineContext | undefined;
  let next: LineContext | undefined;
  for (const { flag, run, recurring } of RUN_ORDER) {
    if ((mask & flag) === 0) continue;
    current ??= lineContext(input, year);
    results.push(namingMissing(run(current), run, input, year));
    if (recurring) {
      next ??= lineContext(input, year + 1);
      results.push(namingMissing(run(next), run, input, year + 1));
    }
  }
  return { ok: true, results };
}

/**
 * A result without a figure for want of rules names the parameters missing: the line is run again,
 * on a fresh context, noting its look-ups (it stops where it stopped the first time). Only such
 * lines pay for it: the usual line is run once, as before.
 */
function namingMissing(
  result: TaxResult,
  run: CalculatorFunction,
  input: CalculationInput,
  year: number,
): TaxResult {
  return namingMissingParameters(result, () => run(lineContext(input, year)));
}

/** What `calculateLine` answers: the result, or the input issues that prevent it. */
export type CalculationLineOutcome =
  | { readonly ok: true; readonly result: TaxResult }
  | { readonly ok: false; readonly issues: readonly InputIssue[] };

/**
 * One calculator for one year (the test-vector runner uses it), with the same checks as
 * `calculate`, and the calculator and year checked too.
 */
export function calculateLine(
  raw: CalculationInputLike,
  calculator: Calculator,
  year: number,
): CalculationLineOutcome {
  const normalized = normalizeCalculationInput(raw);
  if (!normalized.ok) return normalized;
  const issues = checkInputRules(normalized.input);
  if (!CALCULATORS.includes(calculator)) {
    issues.push({
      field: "calculator",
      rule: "enum",
      message: `calculator must be one of ${CALCULATORS.join(", ")}`,
    });
  }
  if (!Number.isInteger(year) || year < 1900 || year > 2200) {
    issues.push({ field: "year", rule: "range", message: "year must be a whole number from 1900 to 2200" });
  }
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, result: runLine(normalized.input, calculator, year) };
}

/** One calculator for one year on an input already checked, with its explanation. */
export function runLine(input: CalculationInput, calculator: Calculator, year: number): TaxResult {
  const run = calculators[calculator];
  return lookingUpUnpublished(false, () => run(lineContext(input, year))).value;
}

/** The amount of one line on an input already checked (the matrix), or null where none applies. */
export function lineAmount(input: CalculationInput, calculator: Calculator, year: number): number | null {
  const result = calculators[calculator](lineContext(input, year, false));
  return result.outcome === "amount" ? result.amount : null;
}
