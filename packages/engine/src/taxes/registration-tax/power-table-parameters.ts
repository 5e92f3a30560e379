import { bandFor } from "../../law/parameter-table";
/**
 * The old registration-tax table by power (CTA art. 97, the euro conversion of 2,500 … 200,000 BEF):
 * the higher of the fiscal-HP and the kW amount, reduced by age. Still used by Wallonia before
 * 1 July 2025, by Brussels (indexed from 1 July 2024 except for leasing companies) and by leasing
 * companies in every region (VCF art. 2.3.4.2.1 in Flanders), never indexed for them.
 */
import { constantRow, openBound } from "../../law/parameters";

export interface PowerBracket {
  /** Highest fiscal HP of the bracket. */
  readonly maxHorsepower: number;
  /** Highest kW of the bracket (a kW above it belongs to the next one). */
  readonly maxKilowatt: number;
  readonly amount: number;
}

const brackets = constantRow<
  readonly { maxHorsepower: number | null; maxKilowatt: number | null; amount: number }[]
>("regional.tmc.powerBrackets");
export const POWER_BRACKETS: readonly PowerBracket[] = brackets.value.map((b) => ({
  maxHorsepower: openBound(b.maxHorsepower),
  maxKilowatt: openBound(b.maxKilowatt),
  amount: b.amount,
}));
export const POWER_TABLE_SOURCES = brackets.sources;

/** The lowest amount: the minimum tax, the flat amount of cars 15 years or older and of EVs. */
const minimum = constantRow<number>("regional.tmc.minimum");
export const POWER_TABLE_MINIMUM = minimum.value;
/** The text of the minimum a used car's reduced tax never goes below (CTA art. 98 § 2). */
export const POWER_TABLE_MINIMUM_SOURCE = minimum.sources[0];

/**
 * Percentage of the amount due by whole years since the first registration (index = years):
 * 100, 90, 80, 70, 60, 55, 50, …, 10 %; from 15 years the minimum applies (VCF art. 2.3.4.2.1 §3;
 * CTA art. 97bis).
 */
const agePercent = constantRow<readonly number[]>("regional.tmc.agePercent");
export const POWER_TABLE_AGE_PERCENT: readonly number[] = agePercent.value;
export const POWER_TABLE_AGE_SOURCE = agePercent.sources[0];

/** LPG cars: the amount is reduced by 298 € before the age reduction (CTA art. 98 § 1bis; Wallonia, Brussels). */
const lpgReduction = constantRow<number>("regional.tmc.lpgReduction");
export const LPG_REDUCTION = lpgReduction.value;
export const LPG_REDUCTION_SOURCE = lpgReduction.sources[0];

/** Index of the bracket of a car: the higher of its fiscal-HP and kW brackets. */
export function powerBracketIndex(horsepower: number, kilowatt: number): number {
  let index = 0;
  while (index < POWER_BRACKETS.length - 1) {
    const bracket = POWER_BRACKETS[index];
    if (bracket && horsepower <= bracket.maxHorsepower && kilowatt <= bracket.maxKilowatt) break;
    index++;
  }
  return index;
}

/** The bracket of the higher of fiscal HP and kW (an index always inside the table). */
export function powerBracket(horsepower: number, kilowatt: number): (typeof POWER_BRACKETS)[number] {
  return bandFor(POWER_BRACKETS.slice(powerBracketIndex(horsepower, kilowatt)), () => true);
}
