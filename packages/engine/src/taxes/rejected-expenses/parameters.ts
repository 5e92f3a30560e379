/**
 * Rejected expenses on the benefit in kind (verworpen uitgaven / dépenses non admises):
 * art. 198 §1, 9° and 9°bis WIB 92 (corporate tax only). Computed on the BIK before the employee's
 * own contribution (since 1/1/2017).
 */
import { lawByDate, type ParameterRow } from "../../law/parameter-table";
import { parameter } from "../../law/parameters";

/** Share of the BIK added to the disallowed expenses: standard, and with a fuel card. */
export const rejectedExpensesRates = parameter<{ readonly standard: number; readonly withFuelCard: number }>(
  "rejectedExpenses.rates",
);

/** The fuel-card rate when the company pays an electric car's electricity (not settled: provisional). */
export const rejectedExpensesZeroEmissionFuelCardRate = parameter<number>(
  "rejectedExpenses.zeroEmissionFuelCardRate",
);

/** The rates of a day and the explanation's formula written with them. */
export interface RejectedExpensesLaw {
  readonly rates: ParameterRow<{ readonly standard: number; readonly withFuelCard: number }>;
  readonly zeroEmissionFuelCard: ParameterRow<number>;
  readonly formula: string;
}

/** The formula of art. 198 § 1, 9° and 9°bis, written with its rates. */
export function rejectedExpensesFormulaText(
  rates: { readonly standard: number; readonly withFuelCard: number },
  zeroEmissionFuelCard: number,
): string {
  return `benefit in kind (before own contribution) × ${rates.standard} %, or × ${rates.withFuelCard} % with a fuel card (× ${zeroEmissionFuelCard} % for a zero-emission car)`;
}

/** The rates of a day, or undefined when they are not published. */
export const rejectedExpensesLawAt = lawByDate(
  { rates: rejectedExpensesRates, zeroEmissionFuelCard: rejectedExpensesZeroEmissionFuelCardRate },
  ({ rates, zeroEmissionFuelCard }): RejectedExpensesLaw | null =>
    rates && zeroEmissionFuelCard
      ? {
          rates,
          zeroEmissionFuelCard,
          formula: rejectedExpensesFormulaText(rates.value, zeroEmissionFuelCard.value),
        }
      : null,
);
