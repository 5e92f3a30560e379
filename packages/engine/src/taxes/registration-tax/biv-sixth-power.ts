/**
 * The arithmetic of the Flemish BIV formula's sixth power (VCF art. 2.3.4.1.2, 2.3.4.1.2/1), kept
 * out of the calculator: (quotient^6 × 4500 + c) × LC/100 in exact bigints, and the short-cut in
 * doubles that settles most cars against the minimum or maximum before the exact path (the 6th
 * power of a small quotient is tiny). The calculator reads only `bivCents`.
 */
import { type Fraction, type Int, round, scaledBigInt } from "../../core/exact";
import { BIV_FORMULA as F } from "../regional-shared/flanders-biv-formula";

/**
 * The formula's amount in cents, or the bound it is certainly beyond ("minimum", "maximum"), for
 * `quotient` (the 6-decimal quotient times 10^6), the air component `c` in cents and the age
 * correction `lc` in %.
 */
export function bivCents(
  quotient: Int,
  c: Fraction,
  lc: number,
  minimumCents: bigint,
  maximumCents: bigint,
): bigint | "minimum" | "maximum" {
  return bivBeyondBound(quotient, c, lc, minimumCents, maximumCents) ?? bivExactCents(quotient, c, lc);
}

/** 10^36, the denominator of a 6-decimal quotient to the 6th power; 10^34 turns cents into it. */
const POWER_SCALE = 10n ** 36n; // not law: the exact arithmetic of a 6-decimal quotient to the 6th power
const POWER_SCALE_CENTS = 10n ** 34n; // not law: the same in cents

/**
 * (quotient^6 × 4500 + c) × LC/100 in cents, exact, where `quotient` is the 6-decimal quotient
 * times 10^6 and c is in cents (c.d = 100): quotient^6 has the denominator 10^36, so the cents are
 * (quotient^6 × 4500 + c.n × 10^34) × LC / 10^36 in bigints.
 */
export function bivExactCents(quotient: Int, c: Fraction, lc: number): bigint {
  const big = BigInt(quotient);
  const cube = big * big * big;
  const scaled = (cube * cube * BigInt(F.factor) + scaledBigInt(c, 100) * POWER_SCALE_CENTS) * BigInt(lc);
  return BigInt(round({ n: scaled, d: POWER_SCALE }, 0).n);
}

/**
 * The bound the amount certainly falls beyond, settled in doubles before the exact bigint path:
 * most low-emission cars are far below the minimum (the 6th power of a small quotient is tiny).
 * The estimate's relative error is below 10^-14 and it only decides with a margin a million times
 * larger, so it never contradicts bivExactCents (property test in
 * flanders.test.ts); undefined when it is not certain.
 */
export function bivBeyondBound(
  quotient: Int,
  c: Fraction,
  lc: number,
  minimumCents: bigint,
  maximumCents: bigint,
): "minimum" | "maximum" | undefined {
  const q = Number(quotient) / 1e6; // not law: the quotient's 6 decimals as a double
  const q3 = q * q * q;
  const estimate = ((q3 * q3 * F.factor * 100 + Number(c.n)) * lc) / 100;
  const margin = 1 + estimate * 1e-8; // not law: a margin a million times the estimate's error
  if (estimate + margin < Number(minimumCents)) return "minimum";
  if (estimate - margin > Number(maximumCents)) return "maximum";
  return undefined;
}
