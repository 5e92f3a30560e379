import type { Calculator } from "../core/enums";
import { hasFigure, type TaxResult } from "../core/tax-result";

/**
 * What a calculator's figure is, so that only like is added to like: a tax the employer pays
 * (registration tax, annual road tax, CO2 contribution), a taxable base (the benefit in kind, the
 * employee's; the rejected expenses, the company's), or a percentage (the deduction).
 */
export type FigureKind = "employerTax" | "base" | "percentage";

/** The kind of each calculator's figure. */
export const FIGURE_KINDS: Readonly<Record<Calculator, FigureKind>> = {
  RoadTax: "employerTax",
  YearlyTax: "employerTax",
  CO2Contribution: "employerTax",
  BenefitInKind: "base",
  RejectedExpenses: "base",
  FiscalDeduction: "percentage",
};

/**
 * A calculator over the holding period. Taxes and bases add their yearly figures (`aggregate:
 * "sum"`); FiscalDeduction, a percentage, gives the mean of its yearly percentages (`"mean"`).
 */
export interface ProjectionTotal {
  readonly viewOption: Calculator;
  /** What the figure is: a tax paid by the employer, a taxable base, or a percentage. */
  readonly kind: FigureKind;
  /** The sum (or mean) of the yearly figures that exist, to the cent; null when no year has one. */
  readonly rawValue: number | null;
  /** True when every year the calculator answers for has a figure (no unavailable line). */
  readonly complete: boolean;
  readonly unit: "EUR" | "percent";
  readonly aggregate: "sum" | "mean";
  /** How many yearly lines have a figure. */
  readonly yearsWithFigure: number;
  /** How many of them carried unpublished parameters (`assumeLatestRules`). */
  readonly yearsAssumed: number;
}

/** The totals per selected calculator over the years of a projection. */
export function projectionTotals(
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
        if (result.assumedParameters !== undefined) assumed++;
        // Whole cents: the sum of amounts rounded to the cent is exact.
        cents += Math.round(result.amount * 100);
      }
    }
    const aggregate = unit === "percent" ? "mean" : "sum";
    const rawValue =
      withFigure === 0 ? null : aggregate === "sum" ? cents / 100 : Math.round(cents / withFigure) / 100;
    return {
      viewOption: calculator,
      kind: FIGURE_KINDS[calculator],
      rawValue,
      complete: lines > 0 && withFigure === lines,
      unit,
      aggregate,
      yearsWithFigure: withFigure,
      yearsAssumed: assumed,
    };
  });
}
