import { clamp, cmp, dec, type Fraction, int, max, min, mul, sub, toNumber, ZERO } from "../../core/exact";
import { ResultBuilder } from "../../core/result-builder";
import type { TaxResult } from "../../core/tax-result";
import { fiscalHorsepower } from "../../input/fiscal-horsepower";
import type { LineContext } from "../../input/line-context";
import { federalCo2, fuelFamily, isEuro6eBis, isPluginHybrid } from "../../input/vehicle";
import { LEGAL_TEXTS } from "../../law/legal-texts";
import { type ParameterRow, rowAt } from "../../law/parameter-table";
import { assessPluginHybrid } from "../federal-shared/plug-in-hybrid";
import {
  type DeductionFormulaFractions,
  type DeductionLaw,
  deductionLawAt,
  pitPluginHybridCap51to75,
  zeroEmissionByOrderYear,
} from "./parameters";

/**
 * FiscalDeduction: the deductible percentage of the car costs for year Y, for a company in
 * corporate tax (SelfEmployed) or a sole proprietor in personal income tax. The regime follows the
 * order date: A before 1/7/2023 (formula, floor 50 %, 40 % from 200 g/km), B until 31/12/2025
 * (ceilings 75/50/25/0 % from 2025), C from 2026 (CO2-emitting 0 %); zero-emission cars by order year.
 */
export function fiscalDeduction(ctx: LineContext): TaxResult {
  const b = new ResultBuilder("FiscalDeduction", ctx, LEGAL_TEXTS.fiscalDeduction, "percent");
  const { car, profile } = ctx.input;
  if (profile.status === "Private") return b.notApplicable("privatePerson");
  const personalIncomeTax = profile.status === "SoleProprietor";
  const taxRegime = personalIncomeTax ? "personalIncomeTax" : "corporateTax";
  b.input("orderDate", ctx.orderDate).input("taxRegime", taxRegime);
  const law = deductionLawAt(ctx.evaluationDate);
  if (law) b.setFormula(law.formulaText);

  const family = fuelFamily(car.fuel);
  if (family === "zeroEmission") {
    const row = rowAt(zeroEmissionByOrderYear, ctx.orderDate);
    if (!row) return b.rulesNotAvailable("deduction.zeroEmissionByOrderYear");
    b.note("zeroEmissionByOrderYear");
    return b.amount(dec(b.param("zeroEmissionPercent", "%", row)));
  }

  // Personal income tax: fuel is excluded from 2026 (law of 18/12/2025, circular 2026/C/11 section D);
  // the single percentage here is that of the other car costs.
  const pitLawRow = law?.pitLawFromYear;
  const pitLaw2025 = pitLawRow !== undefined && ctx.year >= pitLawRow.value;
  if (personalIncomeTax && pitLaw2025) b.note("pitFuelExcluded");
  if (!law) return b.rulesNotAvailable(`deduction.formula ${ctx.year}`);
  const { formula: formulaRow, pitPluginHybrid: pitRow, F } = law;
  const R = law.regimeDates.value;
  const figure = federalCo2(car);
  const pitPhev = personalIncomeTax && isPluginHybrid(car.fuel) && ctx.orderDate >= pitRow.value.orderedFrom;
  if (ctx.orderDate >= R.fossilZeroFrom && !pitPhev) {
    b.note("fossilOrderedFrom2026");
    return b.amount(ZERO);
  }

  let co2: Fraction | undefined;
  let fake = false;
  if (figure !== undefined) {
    b.input("co2", figure.value).input("co2Cycle", figure.cycle);
    const verdict = assessPluginHybrid(ctx.input, figure, ctx.orderDate, ctx.registrationDate, ctx.year, b);
    co2 = verdict.taxCo2;
    fake = verdict.fake;
  } else {
    b.note("co2Unknown");
  }

  if (pitPhev) return pitPluginHybrid(ctx, b, co2, fake, pitRow, F);
  if (personalIncomeTax && isPluginHybrid(car.fuel) && ctx.orderDate >= R.phaseOutFrom) {
    // PHEVs a sole proprietor ordered 1/7/2023–31/12/2025: the 18/12/2025 law's treatment of them
    // is not in the sources read (open-questions §6); the company schedule is applied, provisionally.
    b.note("uncertainRule").markProvisional();
  }
  if (
    isPluginHybrid(car.fuel) &&
    ctx.orderDate >= R.pluginHybridFuelCapFrom &&
    ctx.orderDate < R.fossilZeroFrom &&
    ctx.year <= R.pluginHybridFuelCapUntilYear
  ) {
    // Fossil fuel of PHEVs ordered from 2023 is capped at 50 % (fiscusonweb table), below the car costs.
    b.note("pluginHybridFuelCapped");
  }

  const coefficient = fuelCoefficient(ctx, b, law);
  if (coefficient === undefined) return b.rulesNotAvailable(`deduction.fuelCoefficients ${ctx.year}`);
  const formula = co2 === undefined ? undefined : sub(F.start, mul(F.perGram, coefficient, co2));

  // Regime B: CO2-emitting cars ordered from 1 July 2023; from 2025 a ceiling replaces the floor.
  const ceilingRow = ctx.orderDate >= R.phaseOutFrom ? law.phaseOutCeiling : undefined;
  if (ceilingRow && ceilingRow.value !== null) {
    const ceiling = int(b.paramValue("phaseOutCeiling", "%", ceilingRow.value, ceilingRow.sources[0]));
    b.note("orderedFromJuly2023").note("regimeCeiling", { ceiling: ceilingRow.value });
    if (formula === undefined) {
      // From 2025 the flat 40 % for unknown CO2 is not restated by the sources (the floors go): provisional.
      b.note("uncertainRule").markProvisional();
    }
    const uncapped = formula ?? F.highCo2Percent;
    return percentResult(b, clamp(uncapped, ZERO, min(ceiling, F.maximum)));
  }
  if (ctx.orderDate >= R.phaseOutFrom) b.note("orderedFromJuly2023");

  // Regime A (and B before 2025): formula within [50 %, 100 %]; 40 % from 200 g/km or CO2 unknown.
  let percent: Fraction;
  if (co2 === undefined || cmp(co2, F.highCo2From) >= 0) {
    if (co2 !== undefined) {
      b.note("co2AtLeast200", {
        highCo2From: formulaRow.value.highCo2From,
        highCo2Percent: formulaRow.value.highCo2Percent,
      });
    }
    b.paramValue("highCo2Percent", "%", formulaRow.value.highCo2Percent, formulaRow.sources[0]);
    percent = F.highCo2Percent;
  } else {
    percent = clamp(formula ?? ZERO, F.floor, F.maximum);
  }
  if (personalIncomeTax && ctx.orderDate < R.grandfatheredBefore) {
    const minimumRow = law.grandfatheredMinimum;
    b.note("grandfatheredBefore2018", minimumRow && { grandfatheredMin: minimumRow.value });
    // The law of 18/12/2025 ends this grandfathering faster; its schedule was not found.
    if (pitLaw2025) b.note("uncertainRule").markProvisional();
    if (!minimumRow) return b.rulesNotAvailable(`deduction.grandfatheredMinimum ${ctx.year}`);
    percent = max(percent, int(b.param("grandfatheredMin", "%", minimumRow)));
  }
  return percentResult(b, percent);
}

/**
 * The law does not round the percentage; rawValue carries it to two decimals (as the amounts) and
 * the explanation keeps it to six, for a formula result like 120 − 0.5 × 0.95 × 97 = 73.925.
 */
function percentResult(b: ResultBuilder, percent: Fraction): TaxResult {
  b.input("percentExact", toNumber(percent, 6));
  return b.amount(percent);
}

/** Fuel coefficient of the gram formula: diesel 1; CNG under 12 fiscal HP 0.90; others 0.95. */
function fuelCoefficient(ctx: LineContext, b: ResultBuilder, law: DeductionLaw): Fraction | undefined {
  const { car } = ctx.input;
  const row = law.fuelCoefficients;
  const factors = law.fuelFactors;
  if (!row || !factors) return undefined;
  const c = row.value;
  const source = row.sources[0];
  if (fuelFamily(car.fuel) === "diesel") {
    b.paramValue("fuelCoefficient", "factor", c.diesel, source);
    return factors.diesel;
  }
  if (car.fuel === "NaturalGas" && typeof car.capacity === "number") {
    const hp = fiscalHorsepower(car.capacity);
    b.input("fiscalHorsepower", hp);
    if (hp < c.naturalGasBelowHorsepower) {
      b.paramValue("fuelCoefficient", "factor", c.naturalGas, source);
      return factors.naturalGas;
    }
  }
  b.paramValue("fuelCoefficient", "factor", c.petrol, source);
  return factors.petrol;
}

/**
 * Personal income tax, plug-in hybrid ordered from 2026 (law of 18/12/2025): fake hybrids 0 %;
 * otherwise 120 % − 0.5 % × CO2 (no fuel coefficient), capped at the zero-emission % of the order
 * year up to 50 g/km, at the 51–75 g/km cap for Euro 6e-bis cars. Provisional throughout.
 */
function pitPluginHybrid(
  ctx: LineContext,
  b: ResultBuilder,
  co2: Fraction | undefined,
  fake: boolean,
  rules: ParameterRow<{ lowCo2Max: number; midCo2Max: number; law: string }>,
  F: DeductionFormulaFractions,
): TaxResult {
  b.note("pitPluginHybrid2026").markProvisional();
  b.paramValue("pitPluginHybridRegime", "law", rules.value.law, rules.sources[0], true);
  if (fake || co2 === undefined) return b.amount(ZERO);
  const formula = clamp(sub(F.start, mul(F.perGram, co2)), ZERO, F.maximum);
  let capRow: ParameterRow<number> | undefined;
  if (cmp(co2, int(rules.value.lowCo2Max)) <= 0) {
    capRow = rowAt(zeroEmissionByOrderYear, ctx.orderDate);
  } else if (cmp(co2, int(rules.value.midCo2Max)) <= 0 && isEuro6eBis(ctx.input.car, ctx.registrationDate)) {
    capRow = rowAt(pitPluginHybridCap51to75, ctx.orderDate);
  } else {
    return b.amount(ZERO);
  }
  if (!capRow) return b.rulesNotAvailable(`deduction.pitPluginHybridCap order ${ctx.orderDate}`);
  const cap = b.paramValue("pitPluginHybridCap", "%", capRow.value, capRow.sources[0], true);
  return percentResult(b, min(formula, int(cap)));
}
