import { dec, div, type Fraction, int, max, mul, ratio, round, sub, toEuros } from "../exact";
import type { LineContext } from "../line-context";
import { ResultBuilder } from "../result-builder";
import {
  CO2_CONTRIBUTION_CONSTANTS as C,
  HEALTH_INDEX_BASE,
  healthIndexSeptember,
  minimumBaseNew,
  minimumBaseOld,
  multiplierNew,
  NEW_REGIME_ORDER_DATE,
} from "../rules/federal/co2-contribution";
import { LEGAL_TEXTS } from "../rules/legal-texts";
import { rowAt } from "../rules/parameter-table";
import type { TaxResult } from "../tax-result";
import { federalCo2, fuelFamily } from "../vehicle";

/**
 * CO2Contribution: the employer's monthly solidarity contribution for a car made available to an
 * employee, reported per year as 12 × the monthly amount rounded to the cent. The fake-hybrid rule
 * does not apply to it (RSZ instructions): hybrids use their own CO2 and their fuel's formula.
 */
export function co2Contribution(ctx: LineContext): TaxResult {
  const b = new ResultBuilder("CO2Contribution", ctx, LEGAL_TEXTS.co2Contribution);
  const { car, profile } = ctx.input;
  if (profile.status === "Private") return b.notApplicable("privatePerson");
  b.note("assumesEmployee");

  const indexRow = rowAt(healthIndexSeptember, ctx.evaluationDate);
  const newRegime = ctx.orderDate >= NEW_REGIME_ORDER_DATE;
  const minimumRow = rowAt(newRegime ? minimumBaseNew : minimumBaseOld, ctx.evaluationDate);
  const multiplierRow = newRegime ? rowAt(multiplierNew, ctx.evaluationDate) : undefined;
  if (!indexRow || !minimumRow || (newRegime && !multiplierRow)) {
    return b.rulesNotAvailable(`co2Contribution.healthIndex ${ctx.year}`);
  }
  b.input("orderDate", ctx.orderDate);
  if (newRegime) b.note("orderedFromJuly2023");

  b.setFormula("max(((CO2 × 9) − constant) / 12 × i × multiplier, minimum × i) per month; × 12 per year");
  // i as the exact fraction of the two index values: published amounts only reproduce that way.
  const i = div(
    dec(b.param("healthIndexSeptember", "points", indexRow)),
    dec(b.paramValue("healthIndexBase", "points", HEALTH_INDEX_BASE, C.sources.formula)),
  );
  const minimum = mul(dec(b.param("minimumBase", "EUR/month", minimumRow)), i);

  const family = fuelFamily(car.fuel);
  let monthly: Fraction;
  // The usual path (the car's own CO2) records its inputs again in one literal, at the end.
  let usual: { co2: number; cycle: string; byFormula: number } | undefined;
  if (family === "zeroEmission") {
    b.note("electricFlatRate");
    monthly = minimum;
  } else {
    const figure = federalCo2(car);
    let co2: number;
    if (figure === undefined) {
      co2 = b.paramValue("unknownCo2", "g/km", C.unknownCo2[family], C.sources.unknownCo2);
      b.note("co2Unknown");
    } else {
      co2 = figure.value;
      b.input("co2", co2).input("co2Cycle", figure.cycle);
    }
    const gasConstant = car.fuel === "LPG" || car.fuel === "NaturalGas";
    const constant = b.paramValue(
      "fuelConstant",
      "EUR",
      gasConstant ? C.lpg : family === "diesel" ? C.diesel : C.petrol,
      car.fuel === "NaturalGas" ? C.sources.cng : C.sources.formula,
      // Natural gas takes the LPG constant by practice, not by statute.
      car.fuel === "NaturalGas",
    );
    let formula = mul(sub(mul(dec(co2), GRAM_FACTOR), int(constant)), PER_MONTH, i);
    if (multiplierRow) formula = mul(formula, dec(b.param("multiplier", "factor", multiplierRow)));
    const byFormula = toEuros(formula);
    b.input("monthlyByFormula", byFormula);
    if (figure !== undefined) usual = { co2, cycle: figure.cycle, byFormula };
    monthly = max(formula, minimum);
    if (monthly === minimum) b.note("minimumApplied", { minimum: toEuros(minimum) });
  }
  const monthlyRounded = round(monthly, 2);
  const monthlyAmount = Number(monthlyRounded.n) / 100;
  b.input("monthlyAmount", monthlyAmount);
  if (usual) {
    b.inputsSoFar(5, {
      orderDate: ctx.orderDate,
      co2: usual.co2,
      co2Cycle: usual.cycle,
      monthlyByFormula: usual.byFormula,
      monthlyAmount,
    });
  }
  return b.amount(mul(monthlyRounded, MONTHS_PER_YEAR));
}

// The statutory constants as fractions, once.
const GRAM_FACTOR = int(C.gramFactor);
const PER_MONTH = ratio(1, C.months);
const MONTHS_PER_YEAR = int(12);
