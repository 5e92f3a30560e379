import { dec, type Fraction, int, max, mul, ratio, round, sub, toEuros } from "../../core/exact";
import { ResultBuilder } from "../../core/result-builder";
import type { TaxResult } from "../../core/tax-result";
import type { LineContext } from "../../input/line-context";
import { federalCo2, fuelFamily } from "../../input/vehicle";
import { LEGAL_TEXTS } from "../../law/legal-texts";
import { co2ContributionLawAt } from "./parameters";

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

  const law = co2ContributionLawAt(ctx.evaluationDate);
  const newRegime = law !== undefined && ctx.orderDate >= law.newRegimeOrderDate.value;
  const minimumBase = newRegime ? law?.minimumNew : law?.minimumOld;
  const multiplierRow = newRegime ? law?.multiplierNew : undefined;
  if (!law || !minimumBase || (newRegime && !multiplierRow)) {
    return b.rulesNotAvailable(`co2Contribution.healthIndex ${ctx.year}`);
  }
  b.input("orderDate", ctx.orderDate);
  if (newRegime) b.note("orderedFromJuly2023");

  b.setFormula(law.formulaText);
  b.param("healthIndexSeptember", "points", law.healthIndex);
  b.param("healthIndexBase", "points", law.healthIndexBase);
  const i = law.i;
  b.param("minimumBase", "EUR/month", minimumBase.row);
  const minimum = minimumBase.indexed;

  const family = fuelFamily(car.fuel);
  let monthly: Fraction;
  if (family === "zeroEmission") {
    b.note("electricFlatRate");
    monthly = minimum;
  } else {
    const figure = federalCo2(car);
    let co2: number;
    if (figure === undefined) {
      const unknownRow = law.unknownCo2;
      if (!unknownRow) return b.rulesNotAvailable(`co2Contribution.unknownCo2 ${ctx.year}`);
      co2 = b.paramValue("unknownCo2", "g/km", unknownRow.value[family], unknownRow.sources[0]);
      b.note("co2Unknown");
    } else {
      co2 = figure.value;
      b.input("co2", co2).input("co2Cycle", figure.cycle);
    }
    const formulaRow = law.formula;
    const constants = formulaRow.value;
    let constant: number;
    if (car.fuel === "NaturalGas") {
      // Natural gas takes the LPG constant by practice, not by statute (a provisional parameter).
      const gasRow = law.naturalGasConstant;
      if (!gasRow) return b.rulesNotAvailable(`co2Contribution.naturalGasConstant ${ctx.year}`);
      constant = b.param("fuelConstant", "EUR", gasRow);
    } else {
      const value =
        car.fuel === "LPG" ? constants.lpg : family === "diesel" ? constants.diesel : constants.petrol;
      constant = b.paramValue("fuelConstant", "EUR", value, formulaRow.sources[0]);
    }
    let formula = mul(sub(mul(dec(co2), law.gramFactor), int(constant)), PER_MONTH, i);
    if (multiplierRow) formula = mul(formula, dec(b.param("multiplier", "factor", multiplierRow)));
    const byFormula = toEuros(formula);
    b.input("monthlyByFormula", byFormula);
    monthly = max(formula, minimum);
    if (monthly === minimum) b.note("minimumApplied", { minimum: toEuros(minimum) });
  }
  const monthlyRounded = round(monthly, 2);
  const monthlyAmount = Number(monthlyRounded.n) / 100;
  b.input("monthlyAmount", monthlyAmount);
  return b.amount(mul(monthlyRounded, MONTHS_PER_YEAR));
}

// Twelve months (a calendar fact, not a parameter), as fractions once.
const PER_MONTH = ratio(1, 12);
const MONTHS_PER_YEAR = int(12);
