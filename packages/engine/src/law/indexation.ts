/**
 * Indexed amounts declared, not copied: a parameter row may give a base amount (or a table of
 * them), the coefficient it is multiplied by and a named rounding rule, and the loader computes the
 * value. The export shows base, coefficient and result, so an indexation typo cannot hide.
 */
import { dec, type Fraction, floor, mul, ratio, round, toNumber } from "../core/exact";

/**
 * How an indexed amount is rounded, by the rule of the text that indexes it:
 * - `cent`: to the cent, half away from zero;
 * - `downToMultipleOf0.12`: down to a multiple of 0.12 € (the largest one not above the amount);
 * - `centThenDownToMultipleOf0.12`: to the cent, then lowered by at most 0.11 € to a multiple of
 *   0.12 € (VCF art. 2.2.4.0.3, last paragraph, as the research notes read it).
 */
export const ROUNDING_RULES = ["cent", "downToMultipleOf0.12", "centThenDownToMultipleOf0.12"] as const;
export type RoundingRule = (typeof ROUNDING_RULES)[number];

/** Where a row's coefficient comes from: a field of another parameter's value on the row's first day. */
export interface CoefficientReference {
  readonly parameter: string;
  /** The field of that parameter's value that holds the coefficient; absent when the value is a number. */
  readonly field?: string;
}

/** An indexed amount as a parameter file declares it (instead of `value`). */
export interface IndexedDeclaration {
  /** The amount before indexation: a number, or an object or list of them (each is indexed). */
  readonly base: unknown;
  /** The coefficient itself, or where to read it. */
  readonly coefficient: number | CoefficientReference;
  readonly rounding: RoundingRule;
}

/** An indexed amount as loaded: the declaration with the coefficient it used. */
export interface Indexation {
  readonly base: unknown;
  readonly coefficient: number;
  /** The parameter (and field) the coefficient was read from, when it was not written in the row. */
  readonly coefficientFrom?: string;
  readonly rounding: RoundingRule;
}

const TWELVE_CENTS = ratio(12, 100);

function roundAmount(amount: Fraction, rule: RoundingRule): number {
  switch (rule) {
    case "cent":
      return toNumber(round(amount, 2), 2);
    case "downToMultipleOf0.12":
      return toNumber(mul(floor(mul(amount, ratio(100, 12)), 0), TWELVE_CENTS), 2);
    case "centThenDownToMultipleOf0.12":
      return toNumber(mul(floor(mul(round(amount, 2), ratio(100, 12)), 0), TWELVE_CENTS), 2);
  }
}

/** Every number of `base` (a number, or objects and lists of them) × coefficient, rounded by `rule`. */
export function indexAmounts(base: unknown, coefficient: number, rule: RoundingRule): unknown {
  if (typeof base === "number") return roundAmount(mul(dec(base), dec(coefficient)), rule);
  if (Array.isArray(base)) return base.map((item) => indexAmounts(item, coefficient, rule));
  if (base !== null && typeof base === "object")
    return Object.fromEntries(
      Object.entries(base).map(([key, item]) => [key, indexAmounts(item, coefficient, rule)]),
    );
  throw new Error(`an indexed base holds ${JSON.stringify(base)}, not an amount`);
}
