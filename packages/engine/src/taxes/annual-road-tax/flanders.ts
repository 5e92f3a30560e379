import {
  add,
  clamp,
  cmp,
  dec,
  type Fraction,
  floor,
  int,
  max,
  mul,
  PER_CENT,
  ratio,
  round,
  sub,
  ZERO,
} from "../../core/exact";
import { ResultBuilder } from "../../core/result-builder";
import type { TaxResult } from "../../core/tax-result";
import type { LineContext } from "../../input/line-context";
import { isZeroEmission } from "../../input/vehicle";
import { LEGAL_TEXTS } from "../../law/legal-texts";
import type { ParameterRow } from "../../law/parameter-table";
import { rowAt } from "../../law/parameter-table";
import { flemishIndex, flemishRoadTaxMinimum } from "../regional-shared/flanders-index";
import { orderedBeforeTransition } from "../regional-shared/flanders-zero-emission";
import {
  co2Field,
  flemishEuroColumn,
  isLeasingCompany,
  recordDates,
  regionalCo2,
  regionalHorsepower,
} from "../regional-shared/regional-car";
import {
  EURO_CORRECTION,
  GREEN_ROAD_TAX as G,
  ROAD_TAX_ZERO_EMISSION_EXEMPT_UNTIL,
  roadTaxZeroEmissionFlat,
} from "./flanders-parameters";
import { oldCarRoadTax, registeredMoreThan } from "./old-car";
import { flandersOldCarRoadTax, OLD_CAR_YEARS } from "./old-car-parameters";
import { lpgSupplement, SCALE_FORMULA, SURCHARGE_TEXT, scaleBase, withSurcharge } from "./scale";
import { flandersRoadTaxScale, leasingRoadTaxScale } from "./scale-parameters";

/**
 * The annual road tax in Flanders for the 12-month period starting on the evaluation date. EV/H2: exempt
 * when registered up to 2025, else the flat §9 amount; cars over 30 years: the flat amount of art.
 * 2.2.4.0.2; leasing companies (and registrations before 2016): the plain scale; other owners: the
 * green formula. Always × 1.10, + the LPG supplement.
 */
export function flandersAnnualRoadTax(ctx: LineContext): TaxResult {
  const b = new ResultBuilder("YearlyTax", ctx, LEGAL_TEXTS.flandersRoadTax);
  const { car } = ctx.input;
  recordDates(ctx, b);
  const leasing = isLeasingCompany(ctx);
  if (leasing) b.note("leasingCompany");
  if (isZeroEmission(car.fuel)) return zeroEmission(ctx, b);
  // Art. 2.2.4.0.2 §1, 1°: more than 30 years in circulation when the taxable period starts, any
  // owner and any plate: the flat amount instead of the scale or the green formula.
  const oldCarYears = OLD_CAR_YEARS.flanders;
  if (registeredMoreThan(ctx.firstRegistration, ctx.evaluationDate, oldCarYears.value)) {
    return oldCarRoadTax(ctx, b, flandersOldCarRoadTax, { years: oldCarYears.value, row: oldCarYears });
  }

  // Art. 2.2.4.0.1 §2: the table of art. 2.2.4.0.3 for every owner; leasing companies read it from
  // their own parameter, whose rows say how settled that is.
  // The green formula (§3), for other owners of cars registered from its first day, also reads the
  // index coefficient and the minimum of the day: the law of the line is read whole before it is applied.
  const scale = leasing ? leasingRoadTaxScale : flandersRoadTaxScale;
  const greenFormula = !leasing && ctx.registrationDate >= G.from;
  const scaleRow = rowAt(scale, ctx.evaluationDate);
  const indexRow = greenFormula ? rowAt(flemishIndex, ctx.evaluationDate) : undefined;
  const minimumRow = greenFormula ? rowAt(flemishRoadTaxMinimum, ctx.evaluationDate) : undefined;
  if (!scaleRow) return b.rulesNotAvailable(`${scale.id} ${ctx.evaluationDate}`);
  const horsepower = regionalHorsepower(ctx, b);
  if (horsepower === undefined) return b.missingInput("missingCapacity", "capacity");
  const base = scaleBase(b, scaleRow, horsepower);
  const supplement = lpgSupplement(b, car.fuel === "LPG", horsepower);

  if (!greenFormula) {
    b.setFormula(SCALE_FORMULA);
    return b.amount(add(withSurcharge(b, base), supplement));
  }
  if (!indexRow || !minimumRow) return b.rulesNotAvailable(`flanders.index ${ctx.evaluationDate}`);
  const green = greenTax(ctx, b, base, indexRow, minimumRow);
  if (!("n" in green)) return green;
  return b.amount(add(withSurcharge(b, green), supplement));
}

/**
 * Exempt when registered up to 31 Dec 2025 or ordered before 6 Oct 2025 (kept while the owner
 * keeps the car), else §9 × 1.10.
 */
function zeroEmission(ctx: LineContext, b: ResultBuilder): TaxResult {
  if (ctx.registrationDate <= ROAD_TAX_ZERO_EMISSION_EXEMPT_UNTIL) return b.exempt("zeroEmissionExempt");
  const transition = orderedBeforeTransition(ctx, b, "roadTax");
  if (transition) return transition;
  const row = rowAt(roadTaxZeroEmissionFlat, ctx.evaluationDate);
  if (!row) return b.rulesNotAvailable(`flanders.roadTax.zeroEmissionFlat ${ctx.evaluationDate}`);
  b.note("electricFlatRate").setFormula(ZERO_EMISSION_FORMULA);
  return b.amount(withSurcharge(b, dec(b.param("zeroEmissionFlat", "EUR/year", row))));
}

const ZERO_EMISSION_FORMULA = `flat amount ${SURCHARGE_TEXT}`;
export const GREEN_FORMULA = `max(T + T × ${G.percentPerGram} % × (CO2 − reference) + T × EUROcorr, minimum) [− LPG reduction] ${SURCHARGE_TEXT} [+ LPG supplement]`;

/**
 * max(T + round2(T × 0.3 % × (CO2 − ref)) + round2(T × EUROcorr), MIN) − LPG reduction, before the
 * 10 %: the CO2 and Euro corrections are each rounded to the cent, as the official simulator does.
 */
function greenTax(
  ctx: LineContext,
  b: ResultBuilder,
  base: Fraction,
  indexRow: ParameterRow<number>,
  minimumRow: ParameterRow<number>,
): Fraction | TaxResult {
  const { car } = ctx.input;
  const { cycle, co2 } = regionalCo2(ctx, b);
  if (co2 === undefined) return b.missingInput("missingCo2", co2Field(ctx));
  b.setFormula(GREEN_FORMULA);
  const reference = b.paramValue("referenceCo2", "g/km", G.referenceCo2[cycle], G.sources.formula);
  const taxedCo2 = clamp(dec(co2), CO2_FLOOR, CO2_CEILING);
  if (co2 < G.co2FloorDisputedUpTo) {
    // Codex: 24 g; the takscheck model of the simulator uses 35 g (regional note §2.4, CONFLICT).
    b.paramValue("co2Floor", "g/km", G.co2Floor, G.sources.formula, true);
  }
  const co2Correction = round(mul(base, PER_GRAM, sub(taxedCo2, int(reference))), 2);

  const { euroClass, family } = flemishEuroColumn(ctx, b);
  const euroPercent = b.paramValue(
    "euroCorrection",
    "%",
    EURO_CORRECTION[family][euroClass],
    G.sources.formula,
  );
  const euroCorrection = round(mul(base, dec(euroPercent), PER_CENT), 2);
  const co2CorrectionEuros = Number(co2Correction.n) / 100;
  const euroCorrectionEuros = Number(euroCorrection.n) / 100;
  b.input("co2Correction", co2CorrectionEuros).input("euroCorrection", euroCorrectionEuros);

  let green = add(add(base, co2Correction), euroCorrection);
  const minimum = dec(minimumRow.value);
  if (cmp(green, minimum) < 0) {
    b.param("minimum", "EUR/year", minimumRow);
    b.note("minimumApplied", { minimum: minimumRow.value });
    green = minimum;
  }
  if (car.fuel === "LPG") green = max(sub(green, lpgReduction(b, indexRow)), ZERO);
  return green;
}

// The decree's constants as fractions, once.
const CO2_FLOOR = int(G.co2Floor);
const CO2_CEILING = int(G.co2Ceiling);
const PER_GRAM = mul(dec(G.percentPerGram), PER_CENT);

/** 100 € (1 July 2015 level) × K, lowered to a multiple of 0.12 € (VCF art. 2.2.5.0.4, 2.2.4.0.3). */
function lpgReduction(b: ResultBuilder, indexRow: ParameterRow<number>): Fraction {
  const k = b.paramValue("indexK", "factor", indexRow.value, indexRow.sources[0]);
  const indexed = mul(int(G.lpgReductionBase), dec(k));
  // floor(indexed / 0.12) × 0.12, in cents: 12 × floor(cents / 12).
  const cents = Number(floor(indexed, 2).n);
  const reduction = ratio(Math.floor(cents / 12) * 12, 100);
  b.input("lpgReduction", Number(reduction.n) / 100);
  return reduction;
}
