/**
 * The constants of the Flemish BIV formula (VCF art. 2.3.4.1.2 and 2.3.4.1.2/1), read by the Flemish
 * BIV calculator and, for the day up to which a first registration is on the NEDC branch, by every
 * regional calculator (regional-car.ts takes the CO2 of that cycle in all three regions).
 */
import { constantRow } from "../../law/parameters";

const formula = constantRow<{
  readonly divisor: number;
  readonly power: number;
  readonly factor: number;
  /** Cars first registered up to this day are on the NEDC branch (VCF art. 2.3.4.1.2). */
  readonly nedcBranchUntil: string;
  /** Cars first put into circulation at least this many years ago pay the minimum (oldtimers). */
  readonly oldtimerYears: number;
}>("flanders.biv.formula");
/** The simulator rounds the quotient to 6 decimals before the power (regional note §9). */
const quotientDecimals = constantRow<number>("flanders.biv.quotientDecimals");
export const BIV_FORMULA = {
  ...formula.value,
  quotientDecimals: quotientDecimals.value,
  sources: { formula: formula.sources[0], rounding: quotientDecimals.sources[0] },
} as const;
