import { cmp, dec, type Fraction, max, mul, ratio, round, sub, toEuros, ZERO } from "../../core/exact";
import { fullYearsBetween } from "../../core/iso-date";
import type { ResultBuilder } from "../../core/result-builder";
import type { LineContext } from "../../input/line-context";
import { regionalHorsepower } from "../regional-shared/regional-car";
import {
  LPG_REDUCTION,
  LPG_REDUCTION_SOURCE,
  POWER_TABLE_AGE_PERCENT,
  POWER_TABLE_AGE_SOURCE,
  POWER_TABLE_MINIMUM,
  POWER_TABLE_MINIMUM_SOURCE,
  POWER_TABLE_SOURCES,
  powerBracket,
} from "./power-table-parameters";

export interface PowerTableOptions {
  /** Indexation coefficient of the amounts (1 = the unindexed table). */
  readonly coefficient: number;
  /** Whether the 298 € LPG reduction applies (Wallonia, Brussels; repealed in Flanders). */
  readonly lpgReduction: boolean;
}

const indexedCache = new Map<number, Map<number, Fraction>>();

/**
 * An amount of the table × the coefficient, rounded to the cent (as Brussels publishes them).
 * Memoised: a handful of amounts and coefficients exist, and the matrix asks for them often.
 */
export function indexedAmount(amount: number, coefficient: number): Fraction {
  if (coefficient === 1) return dec(amount);
  let perCoefficient = indexedCache.get(coefficient);
  if (!perCoefficient) {
    perCoefficient = new Map();
    indexedCache.set(coefficient, perCoefficient);
  }
  let value = perCoefficient.get(amount);
  if (!value) {
    value = round(mul(dec(amount), dec(coefficient)), 2);
    perCoefficient.set(amount, value);
  }
  return value;
}

/**
 * The old registration tax by power: the higher of the fiscal-HP and kW amounts, less the LPG
 * reduction (CTA art. 98 § 1bis: "le cas échéant limitée au montant de la taxe"), × the age
 * percentage (whole years since first registration), from 15 years the minimum. A car already
 * registered before (used, even less than a year ago) never pays less than the minimum (CTA art. 98
 * § 2; VCF art. 2.3.4.2.1 § 3 "Na toepassing van het eerste lid ... niet minder dan 61,50 euro"),
 * for every holder: the LPG reduction takes only a new car's tax to 0. Returns undefined without a
 * capacity (no fiscal HP).
 */
export function powerTableTax(
  ctx: LineContext,
  b: ResultBuilder,
  options: PowerTableOptions,
): Fraction | undefined {
  const { car } = ctx.input;
  const horsepower = regionalHorsepower(ctx, b);
  if (horsepower === undefined) return undefined;
  b.input("kilowatt", car.kilowatt);
  b.setFormula("max(amount(fiscal HP), amount(kW)) [− LPG reduction] × age %, at least the minimum");
  const bracket = powerBracket(horsepower, car.kilowatt);
  const base = b.paramValue("powerAmount", "EUR", bracket.amount, POWER_TABLE_SOURCES[0]);
  let amount = indexedAmount(base, options.coefficient);
  const minimum = indexedAmount(POWER_TABLE_MINIMUM, options.coefficient);

  if (options.lpgReduction && car.fuel === "LPG") {
    const reduction = indexedAmount(
      b.paramValue("lpgReduction", "EUR", LPG_REDUCTION, LPG_REDUCTION_SOURCE),
      options.coefficient,
    );
    b.note("lpgAdjustment");
    amount = max(sub(amount, reduction), ZERO);
  }

  const years = Math.max(0, fullYearsBetween(ctx.firstRegistration, ctx.registrationDate));
  b.input("yearsSinceFirstRegistration", years);
  if (ctx.firstRegistration >= ctx.registrationDate) return amount;
  b.note("secondHand");
  const percent = POWER_TABLE_AGE_PERCENT[years];
  if (percent === undefined) {
    b.paramValue("minimum", "EUR", toEuros(minimum), POWER_TABLE_AGE_SOURCE);
    return minimum;
  }
  b.paramValue("agePercent", "%", percent, POWER_TABLE_AGE_SOURCE);
  const reduced = mul(amount, ratio(percent, 100));
  if (cmp(reduced, minimum) >= 0) return reduced;
  b.paramValue("minimum", "EUR", toEuros(minimum), POWER_TABLE_MINIMUM_SOURCE);
  return minimum;
}
