/**
 * Benefit in kind of a company car (voordeel van alle aard / avantage de toute nature),
 * art. 36 §2 WIB 92 / CIR 92. Parameters per income year.
 */
import { citing } from "../parameter-table";
import { parameter } from "../parameters";
import { sourceOf } from "../source";

export interface ReferenceCo2 {
  /** Petrol, LPG, natural gas and petrol hybrids, g/km. */
  readonly petrol: number;
  /** Diesel and diesel hybrids, g/km. */
  readonly diesel: number;
}

/** Reference CO2 emission, fixed yearly by royal decree. */
export const bikReferenceCo2 = parameter<ReferenceCo2>("bik.referenceCo2");

/** Minimum yearly benefit (indexed amount of art. 36 §2, base 820 EUR). */
export const bikMinimum = parameter<number>("bik.minimum");

/** Statutory constants of art. 36 §2 (not year-dependent). */
export const BIK_CONSTANTS = {
  /** CO2 % at the reference emission, and per g/km above or below it. */
  basePercent: 5.5,
  percentPerGram: 0.1,
  minPercent: 4,
  maxPercent: 18,
  /** Electric and hydrogen cars: always the minimum percentage. */
  zeroEmissionPercent: 4,
  /** Private-use share. */
  privateShare: { n: 6, d: 7 },
  /** VAT rate added to the stored ex-VAT catalogue price. */
  vatRate: 1.21,
  /** CO2 unknown at the DIV: petrol family 205 g/km, diesel 195 g/km. */
  unknownCo2: { petrol: 205, diesel: 195 },
  sources: citing({
    formula:
      "https://www.bdo.be/en-gb/insights/articles/2025/benefit-company-car-co2-emission-2024-0208cb2d10ecee40b56b159f351f85ce",
    electric:
      "https://www.partena-professional.be/en/our-insights/infoflashes/company-cars-reference-co2-emissions-2025-have-been-published",
    unknownCo2:
      "https://www.bdo.be/en-gb/news/2020/calculation-benefit-in-kind-and-tax-deductibility-of-company-cars",
    vat: "https://rovoco.be/en/post/company-car-calculation-of-benefits-in-kind",
  }),
} as const;

/**
 * Age coefficient by the number of the month since first registration (month of first registration
 * = month 1): art. 36 §2, 3rd para. Source:
 * https://publicatie.clbgroup.be/Gids%20voor%20de%20werkgever%20-%20Editie%202025/Gids-voor-de-werkgever-Editie-2025/50
 */
export const BIK_AGE_COEFFICIENTS: readonly { readonly upToMonth: number; readonly percent: number }[] = [
  { upToMonth: 12, percent: 100 },
  { upToMonth: 24, percent: 94 },
  { upToMonth: 36, percent: 88 },
  { upToMonth: 48, percent: 82 },
  { upToMonth: 60, percent: 76 },
  { upToMonth: Number.POSITIVE_INFINITY, percent: 70 },
];
export const BIK_AGE_SOURCE = sourceOf(
  "https://rovoco.be/en/post/company-car-calculation-of-benefits-in-kind",
);
