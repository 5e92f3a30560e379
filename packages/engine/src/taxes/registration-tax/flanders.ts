import { add, dec, div, type Fraction, int, mul, ratio, round, scaledBigInt } from "../../core/exact";
import { fullMonthsBetween, fullYearsBetween } from "../../core/iso-date";
import { ResultBuilder } from "../../core/result-builder";
import type { TaxResult } from "../../core/tax-result";
import type { LineContext } from "../../input/line-context";
import { isZeroEmission } from "../../input/vehicle";
import { LEGAL_TEXTS } from "../../law/legal-texts";
import { bandFor, rowAt } from "../../law/parameter-table";
import type { Source } from "../../law/source";
import { BIV_FORMULA as F } from "../regional-shared/flanders-biv-formula";
import { flemishBivMaximum, flemishBivMinimum, flemishIndex } from "../regional-shared/flanders-index";
import { orderedBeforeTransition } from "../regional-shared/flanders-zero-emission";
import { BIV_ZERO_EMISSION_EXEMPT_UNTIL } from "../regional-shared/flanders-zero-emission-parameters";
import { co2Field, flemishEuroColumn, recordDates, regionalCo2 } from "../regional-shared/regional-car";
import { bivCents } from "./biv-sixth-power";
import {
  AIR_COMPONENT_BASE,
  AIR_COMPONENT_SOURCE,
  BIV_AGE_CORRECTION,
  BIV_FUEL_FACTOR,
  bivQ,
  bivX,
  bivZeroEmissionFlat,
} from "./flanders-parameters";

/** The formula of a branch (NEDC: CO2 × f + x; WLTP: CO2 × f × q), written with the codex's numbers. */
const bivFormula = (numerator: string) =>
  `min(max((round${F.quotientDecimals}((${numerator}) / ${F.divisor})^${F.power} × ${F.factor} + c) × LC, minimum), maximum)`;
export const NEDC_FORMULA = bivFormula("CO2 × f + x");
export const WLTP_FORMULA = bivFormula("CO2 × f × q");

/**
 * Battery-electric and hydrogen cars in Flanders, leasing companies included: exempt when
 * registered up to 31 Dec 2025 or ordered before 6 Oct 2025 (transition), the flat (unindexed)
 * 61.50 from 2026.
 */
export function flandersZeroEmissionBiv(ctx: LineContext, b: ResultBuilder): TaxResult {
  if (ctx.registrationDate <= BIV_ZERO_EMISSION_EXEMPT_UNTIL) return b.exempt("zeroEmissionExempt");
  const transition = orderedBeforeTransition(ctx, b, "registrationTax");
  if (transition) return transition;
  const row = rowAt(bivZeroEmissionFlat, ctx.registrationDate);
  if (!row) return b.rulesNotAvailable("flanders.biv.zeroEmissionFlat");
  b.note("electricFlatRate");
  return b.amount(dec(b.param("zeroEmissionFlat", "EUR", row)));
}

/** The registration tax (BIV) in Flanders for private persons and companies without leasing activity. */
export function flandersRegistrationTax(ctx: LineContext): TaxResult {
  const b = new ResultBuilder("RoadTax", ctx, LEGAL_TEXTS.flandersBiv);
  const { car } = ctx.input;
  recordDates(ctx, b);
  if (isZeroEmission(car.fuel)) return flandersZeroEmissionBiv(ctx, b);

  const indexRow = rowAt(flemishIndex, ctx.registrationDate);
  const minimumRow = rowAt(flemishBivMinimum, ctx.registrationDate);
  const maximumRow = rowAt(flemishBivMaximum, ctx.registrationDate);
  if (!indexRow || !minimumRow || !maximumRow)
    return b.rulesNotAvailable(`flanders.index ${ctx.registrationDate}`);
  const source = indexRow.sources[0];
  const minimum = dec(b.param("minimum", "EUR", minimumRow));

  // Oldtimers (first put into circulation at least 30 years ago) pay the minimum (art. 2.3.4.1.3):
  // neither x/q nor the CO2 are needed.
  if (fullYearsBetween(ctx.firstRegistration, ctx.registrationDate) >= F.oldtimerYears) {
    b.note("oldtimer", { oldtimerYears: F.oldtimerYears });
    return b.amount(minimum);
  }
  const { cycle, co2 } = regionalCo2(ctx, b);
  const yearlyRow = rowAt(cycle === "NEDC" ? bivX : bivQ, ctx.registrationDate);
  if (!yearlyRow) return b.rulesNotAvailable(`flanders.biv.${cycle === "NEDC" ? "x" : "q"} ${ctx.year}`);
  const maximum = dec(maximumRow.value);
  const minimumCents = scaledBigInt(round(minimum, 2), 100);
  const maximumCents = scaledBigInt(round(maximum, 2), 100);
  if (co2 === undefined) return b.missingInput("missingCo2", co2Field(ctx));

  b.setFormula(cycle === "NEDC" ? NEDC_FORMULA : WLTP_FORMULA);
  const f = dec(b.paramValue("fuelFactor", "factor", BIV_FUEL_FACTOR[car.fuel] ?? 1, F.sources.formula));
  const yearly = dec(b.param(cycle === "NEDC" ? "x" : "q", cycle === "NEDC" ? "g/km" : "factor", yearlyRow));
  const weighted = mul(dec(co2), f);
  const numerator = cycle === "NEDC" ? add(weighted, yearly) : mul(weighted, yearly);
  // The official simulator rounds the quotient to 6 decimals before the 6th power (note §9).
  const quotient = round(div(numerator, int(F.divisor)), F.quotientDecimals).n;

  const { c } = airComponent(ctx, b, indexRow.value, source);
  const months = Math.max(0, fullMonthsBetween(ctx.firstRegistration, ctx.registrationDate));
  const lc = bandFor(BIV_AGE_CORRECTION, (a) => months < a.belowMonths).percent;
  b.input("monthsSinceFirstRegistration", months);
  b.paramValue("ageCorrection", "%", lc, F.sources.formula);
  if (lc < 100) b.note("secondHand");

  // (quotient^6 × 4500 + c) × LC in cents, or the bound it is certainly beyond (biv-sixth-power.ts).
  const cents = bivCents(quotient, c, lc, minimumCents, maximumCents);
  // Bounds on the amount rounded to the cent: the same result as bounding first, as both are cents.
  if (cents === "minimum" || (typeof cents === "bigint" && cents < minimumCents)) {
    b.note("minimumApplied", { minimum: minimumRow.value });
    return b.amount(minimum);
  }
  if (cents === "maximum" || cents > maximumCents) {
    b.param("maximum", "EUR", maximumRow);
    b.note("maximumApplied", { maximum: maximumRow.value });
    return b.amount(maximum);
  }
  return b.amount(ratio(cents, 100));
}

/** Air components already indexed, per index row (c = round2(base × K) is the same for a window). */
const airComponentCache = new WeakMap<object, Map<string, Fraction>>();

/** Air component c = round2(base × K) for the car's fuel family and Euro class, in cents. */
function airComponent(
  ctx: LineContext,
  b: ResultBuilder,
  k: number,
  source: Source,
): { c: Fraction; euroClass: string } {
  const { euroClass, family } = flemishEuroColumn(ctx, b);
  const base = b.paramValue(
    "airComponentBase",
    "EUR",
    AIR_COMPONENT_BASE[family][euroClass],
    AIR_COMPONENT_SOURCE,
  );
  b.paramValue("indexK", "factor", k, source);
  const c = indexedAirComponent(AIR_COMPONENT_BASE[family], euroClass, base, k);
  b.input("airComponent", Number(c.n) / 100);
  return { c, euroClass };
}

function indexedAirComponent(table: object, euroClass: string, base: number, k: number): Fraction {
  let perClass = airComponentCache.get(table);
  if (!perClass) {
    perClass = new Map();
    airComponentCache.set(table, perClass);
  }
  const key = `${euroClass}@${k}`;
  let c = perClass.get(key);
  if (!c) {
    c = round(mul(dec(base), dec(k)), 2);
    perClass.set(key, c);
  }
  return c;
}
