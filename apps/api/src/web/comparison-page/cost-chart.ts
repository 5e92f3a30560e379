import { CALCULATOR_NAMES, type Calculator, formatEuro, type Language } from "@cartax/engine";
import { CHART_TEXTS } from "../kit/chart-texts";
import { MISSING_FIGURE_TEXTS, noFigureText } from "../kit/missing-figure-texts";
import { PAGE_LOCALES } from "../kit/page-format";
import { stackedChart, type YearBar } from "../kit/yearly-cost-chart";
import type { SharedRow } from "./shared-comparison";

/** The width of the comparison's charts (viewBox units): narrow enough for its words to stay legible at 390 px. */
export const COMPARISON_CHART_WIDTH = 400;

/** The euro calculators of a row: the deduction, a percentage, is not a cost. */
const euroCalculators = (row: SharedRow, calculators: readonly Calculator[]) =>
  calculators.filter((c) => row.totals.some((total) => total.viewOption === c && total.unit === "EUR"));

/** The cost of a car in each year: what its bar stacks. */
function yearCost(row: SharedRow, calculators: readonly Calculator[], year: number): number {
  return euroCalculators(row, calculators).reduce((sum, c) => {
    const cell = row.cell(c, year);
    return sum + (cell?.kind === "figure" ? cell.rawValue : 0);
  }, 0);
}

/** The highest yearly cost of every car: the top of one scale shared by every chart of the page. */
export function commonScale(
  rows: readonly SharedRow[],
  years: readonly number[],
  calculators: readonly Calculator[],
) {
  return Math.max(1, ...rows.flatMap((row) => years.map((year) => yearCost(row, calculators, year))));
}

/**
 * A car's yearly cost as a stacked bar per year (the euro taxes), drawn on the server: no script.
 * Every car's chart has the same scale (`max`, commonScale), so bars compare across cars; a year
 * without any figure is drawn as such with why ("rules not published", "missing: weight"), a year
 * that lacks one of its taxes is marked incomplete. The figures are the saved ones, and the table
 * "year by year" below holds them for screen readers; years under assumed rules are marked.
 */
export function costChart(
  row: SharedRow,
  years: readonly number[],
  calculators: readonly Calculator[],
  lang: Language,
  max: number,
) {
  const euro = euroCalculators(row, calculators);
  const bars: YearBar[] = years.map((year) => {
    const cells = euro.map((calculator) => ({ calculator, cell: row.cell(calculator, year) }));
    const parts = cells.flatMap(({ calculator, cell }) =>
      cell?.kind === "figure"
        ? [{ calculator, amount: cell.rawValue, assumed: cell.assumedRulesYear !== null }]
        : [],
    );
    // Only a missing input or unpublished rules leave a figure out; a tax not due that year does not.
    const gaps = cells.flatMap(({ cell }) =>
      cell?.kind === "none" && cell.outcome !== "notApplicable" ? [noFigureText(cell, lang)] : [],
    );
    return {
      year,
      assumed: parts.some((part) => part.assumed),
      parts: parts.map(({ calculator, amount }) => ({ calculator, amount })),
      ...(parts.length === 0
        ? { gap: gaps.length > 0 ? [...new Set(gaps)].join(", ") : noFigureText({ outcome: "notDue" }, lang) }
        : gaps.length > 0
          ? { incomplete: MISSING_FIGURE_TEXTS[lang].incompleteMark }
          : {}),
    };
  });
  const names = CALCULATOR_NAMES[lang];
  const money = (amount: number) => formatEuro(amount, lang);
  // The axis in whole euros: "18.276 €" fits where "18.276,00 €" was clipped.
  const whole = new Intl.NumberFormat(PAGE_LOCALES[lang], {
    style: "currency",
    currency: "EUR",
    maximumFractionDigits: 0,
  });
  return stackedChart(bars, euro, (c) => names[c], money, CHART_TEXTS[lang].assumed, `car-${row.index}`, {
    max,
    width: COMPARISON_CHART_WIDTH,
    axisMoney: (amount) => whole.format(amount),
  });
}
