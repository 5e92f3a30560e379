import { add, clamp, cmp, dec, div, type Fraction, int, max, mul, ratio } from "../../core/exact";
import { fullYearsBetween } from "../../core/iso-date";
import { ResultBuilder } from "../../core/result-builder";
import type { TaxResult } from "../../core/tax-result";
import type { LineContext } from "../../input/line-context";
import { isHybrid, isZeroEmission } from "../../input/vehicle";
import { LEGAL_TEXTS } from "../../law/legal-texts";
import { bandFor, rowAt } from "../../law/parameter-table";
import { co2Field, recordDates, regionalCo2 } from "../regional-shared/regional-car";
import { walloonOldtimerPlateMet } from "../regional-shared/wallonia-oldtimer-plate";
import { indexedAmount, powerTableTax } from "./power-table";
import {
  POWER_TABLE_AGE_PERCENT,
  POWER_TABLE_MINIMUM,
  POWER_TABLE_SOURCES,
  powerBracket,
} from "./power-table-parameters";
import {
  ECO_MALUS,
  ECO_MALUS_SOURCES,
  WALLOON_REFORM as R,
  WALLOON_REFORM_FROM,
  walloonReformIndexation,
  ZERO_EMISSION_COEFFICIENT,
} from "./wallonia-parameters";

/**
 * The registration tax in Wallonia. Leasing companies stay on the old power table (no eco-malus, no reform);
 * other owners: old table + eco-malus before 1 July 2025, the reform formula from then on.
 */
export function walloniaRegistrationTax(ctx: LineContext, leasing: boolean): TaxResult {
  const reform = !leasing && ctx.registrationDate >= WALLOON_REFORM_FROM;
  const b = new ResultBuilder(
    "RoadTax",
    ctx,
    reform ? LEGAL_TEXTS.walloniaTmcReform : LEGAL_TEXTS.walloniaTmc,
  );
  recordDates(ctx, b);
  if (leasing) b.note("leasingCompany");
  return reform ? reformedTax(ctx, b) : oldTax(ctx, b, !leasing);
}

/** Before the reform (and for leasing companies): power table, LPG −298, EV flat 61.50, eco-malus. */
function oldTax(ctx: LineContext, b: ResultBuilder, withEcoMalus: boolean): TaxResult {
  if (isZeroEmission(ctx.input.car.fuel)) {
    b.note("electricFlatRate");
    return b.amount(
      dec(b.paramValue("zeroEmissionFlat", "EUR", POWER_TABLE_MINIMUM, POWER_TABLE_SOURCES[0])),
    );
  }
  const amount = powerTableTax(ctx, b, { coefficient: 1, lpgReduction: true });
  if (amount === undefined) return b.missingInput("missingCapacity", "capacity");
  if (!withEcoMalus) return b.amount(amount);
  // A car over 30 years pays no eco-malus: any such car registered before 2022, from then on only
  // under an O plate (decree of 22 December 2021).
  if (walloonOldtimer(ctx, b)) {
    b.note("oldtimer", { oldtimerYears: R.oldtimerYears });
    return b.amount(amount);
  }

  // The eco-malus of natural persons and (from 2014) legal persons with a Walloon seat.
  const { cycle, co2 } = regionalCo2(ctx, b);
  if (co2 === undefined) return b.missingInput("missingCo2", co2Field(ctx));
  const malus = bandFor(ECO_MALUS, (m) => co2 <= m.maxCo2).amount;
  // Uncertain: the cycle of the malus after 2020 (a WLTP figure above 145 g) and, for used cars,
  // whether the malus is reduced by age (no source found; the full malus is charged).
  const uncertain = malus > 0 && (cycle === "WLTP" || ctx.firstRegistration < ctx.registrationDate);
  b.paramValue("ecoMalus", "EUR", malus, ECO_MALUS_SOURCES[0], uncertain);
  if (malus > 0) b.note("ecoMalus", { ecoMalus: malus });
  return b.amount(add(amount, int(malus)));
}

export const REFORM_FORMULA = `min(max(MB × age % × CO2/X × MMA/Y × C × index, ${R.minimum}), ${R.maximum})`;

/** From 1 July 2025: MB(kW) × age % × CO2/X × MMA/Y × C × index, bounded to [50, 9,000]. */
function reformedTax(ctx: LineContext, b: ResultBuilder): TaxResult {
  const { car } = ctx.input;
  b.note("walloonReform");
  const indexRow = rowAt(walloonReformIndexation, ctx.registrationDate);
  if (!indexRow) return b.rulesNotAvailable(`wallonia.tmc.reformIndexation ${ctx.registrationDate}`);
  // Cars first put into circulation more than 30 years ago and registered under an O plate pay a
  // flat 61.50 (link2fleet, April 2025); without the plate, the formula (regional-fixes.md §2.3).
  if (walloonOldtimer(ctx, b)) {
    b.note("oldtimer", { oldtimerYears: R.oldtimerYears });
    return b.amount(dec(b.paramValue("oldtimerFlat", "EUR", R.oldtimerFlat, R.sources.oldtimer)));
  }
  if (typeof car.weight !== "number" || !(car.weight > 0)) return b.missingInput("missingWeight", "weight");
  b.setFormula(REFORM_FORMULA);
  b.input("kilowatt", car.kilowatt).input("weight", car.weight);

  const co2Factor = co2Ratio(ctx, b);
  if (co2Factor === undefined) return b.missingInput("missingCo2", co2Field(ctx));
  let index = 1;
  if (indexRow.value !== 1) {
    index = b.param("indexCoefficient", "factor", indexRow);
    b.note("indexedTable", { indexWindow: indexRow.from });
  }
  const base = reformBaseAmount(ctx, b, index);
  const mass = div(
    dec(car.weight),
    int(b.paramValue("referenceMass", "kg", R.referenceMass, R.sources.referenceValues)),
  );
  const raw = mul(base, co2Factor, mass, energyCoefficient(ctx, b));
  const minimum = int(R.minimum);
  const maximum = int(R.maximum);
  // Whether the 50 / 9,000 bounds are indexed with the base amounts from 1 July 2026 is unknown
  // (open-questions §3b: FEBIAC still shows 50.00, L); a binding bound in an indexed window is provisional.
  const boundsUncertain = index !== 1;
  if (cmp(raw, minimum) < 0) {
    b.paramValue("minimum", "EUR", R.minimum, R.sources.clamp, boundsUncertain);
    b.note("minimumApplied", { minimum: R.minimum });
  }
  if (cmp(raw, maximum) > 0) {
    b.paramValue("maximum", "EUR", R.maximum, R.sources.clamp, boundsUncertain);
    b.note("maximumApplied", { maximum: R.maximum });
  }
  return b.amount(clamp(raw, minimum, maximum));
}

/**
 * MB by kW × the age percentage, at least 61.50; from 15 years 61.50. From 1 July 2026 the base
 * amounts (and the 61.50) are indexed and rounded to the cent: FEBIAC's 2026-27 results reproduce
 * only that way (e.g. 495 → 515.20 gives 401.91 where the unrounded product gives 401.90).
 */
function reformBaseAmount(ctx: LineContext, b: ResultBuilder, index: number): Fraction {
  const bracket = powerBracket(0, ctx.input.car.kilowatt);
  const amount = indexedAmount(b.paramValue("baseAmount", "EUR", bracket.amount, R.sources.formula), index);
  const years = Math.max(0, fullYearsBetween(ctx.firstRegistration, ctx.registrationDate));
  b.input("yearsSinceFirstRegistration", years);
  if (years === 0) return amount;
  b.note("secondHand");
  const percent = POWER_TABLE_AGE_PERCENT[years];
  const floor = indexedAmount(R.minimumBaseAmount, index);
  if (percent === undefined) {
    // FEBIAC returns a flat 50.00 from 15 years, not 61.50 through the formula (open-questions §3b, L).
    b.paramValue("baseAmountFrom15Years", "EUR", R.minimumBaseAmount, R.sources.age, true);
    return floor;
  }
  b.paramValue("agePercent", "%", percent, R.sources.age);
  return max(mul(amount, ratio(percent, 100)), floor);
}

/** CO2 / X (X = 136 WLTP, 115 NEDC); 1 for EV/H2; undefined when the CO2 is missing. */
function co2Ratio(ctx: LineContext, b: ResultBuilder): Fraction | undefined {
  if (isZeroEmission(ctx.input.car.fuel)) return int(1);
  const { cycle, co2 } = regionalCo2(ctx, b);
  if (co2 === undefined) return undefined;
  // Whether a used car first registered before 2021 is taken on NEDC with X = 115 is untested (L).
  const x = b.paramValue(
    "referenceCo2",
    "g/km",
    R.referenceCo2[cycle],
    R.sources.referenceValues,
    cycle === "NEDC",
  );
  return mul(dec(co2), ratio(1, x));
}

/** C: combustion 1, hybrids 0.80, EV/H2 by kW. LPG is treated as combustion (FEBIAC differs, L). */
function energyCoefficient(ctx: LineContext, b: ResultBuilder): Fraction {
  const { car } = ctx.input;
  if (isZeroEmission(car.fuel)) {
    const band = bandFor(ZERO_EMISSION_COEFFICIENT, (c) => car.kilowatt <= c.maxKilowatt);
    return dec(b.paramValue("energyCoefficient", "factor", band.coefficient, R.sources.ev, band.provisional));
  }
  const value = isHybrid(car.fuel) ? R.hybridCoefficient : R.combustionCoefficient;
  return dec(b.paramValue("energyCoefficient", "factor", value, R.sources.formula, car.fuel === "LPG"));
}

/**
 * Over 30 years since the first registration and, for a car registered from 1 January 2022, under an
 * O plate (`oldtimerPlate`).
 */
function walloonOldtimer(ctx: LineContext, b: ResultBuilder): boolean {
  return (
    fullYearsBetween(ctx.firstRegistration, ctx.registrationDate) >= R.oldtimerYears &&
    walloonOldtimerPlateMet(ctx, b)
  );
}
