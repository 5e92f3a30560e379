import { CALCULATOR_NAMES, type Calculator, formatEuro, type Language } from "@cartax/engine";
import { CHART_TEXTS } from "../kit/chart-texts";
import { stackedChart, type YearBar } from "../kit/yearly-cost-chart";
import type { SharedRow } from "./shared-comparison";

/**
 * A car's yearly cost as a stacked bar per year (the euro taxes; the deduction, a percentage, is
 * not a cost), drawn on the server: no script. The figures are the saved ones, and the table
 * "year by year" below holds them for screen readers; years under assumed rules are marked.
 */
export function costChart(
  row: SharedRow,
  years: readonly number[],
  calculators: readonly Calculator[],
  lang: Language,
) {
  const euro = calculators.filter((c) =>
    row.totals.some((total) => total.viewOption === c && total.unit === "EUR"),
  );
  const bars: YearBar[] = years.map((year) => {
    const parts = euro.flatMap((calculator) => {
      const cell = row.cell(calculator, year);
      return cell?.kind === "figure"
        ? [{ calculator, amount: cell.rawValue, assumed: cell.assumedRulesYear !== null }]
        : [];
    });
    return {
      year,
      assumed: parts.some((part) => part.assumed),
      parts: parts.map(({ calculator, amount }) => ({ calculator, amount })),
    };
  });
  const names = CALCULATOR_NAMES[lang];
  const money = (amount: number) => formatEuro(amount, lang);
  return stackedChart(bars, euro, (c) => names[c], money, CHART_TEXTS[lang].assumed, `car-${row.index}`);
}
