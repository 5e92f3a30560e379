import {
  add,
  clamp,
  cmp,
  dec,
  type Fraction,
  int,
  max,
  mul,
  PER_CENT,
  ratio,
  round,
  sub,
  toEuros,
  toNumber,
  ZERO,
} from "../../core/exact";
import { monthNumberSince } from "../../core/iso-date";
import { ResultBuilder } from "../../core/result-builder";
import type { TaxResult } from "../../core/tax-result";
import type { LineContext } from "../../input/line-context";
import { federalCo2, fuelFamily } from "../../input/vehicle";
import { LEGAL_TEXTS } from "../../law/legal-texts";
import { bandFor } from "../../law/parameter-table";
import { assessPluginHybrid } from "../federal-shared/plug-in-hybrid";
import { type BikPercentFractions, bikLawAt } from "./parameters";

/**
 * The yearly BIK before the employee's own contribution (after the minimum), or undefined when the
 * year's parameters are missing, with what it used recorded on `b`. Shared with RejectedExpenses,
 * which is computed on this amount: the first line of a context computes it (on its own builder
 * when that is still empty, so that its explanation needs no merging), the other takes over those
 * records.
 */
export function grossBenefitInKind(ctx: LineContext, b: ResultBuilder): Fraction | undefined {
  let shared = ctx.shared.grossBenefitInKind;
  if (!shared) {
    const target = b.isFresh() ? b : new ResultBuilder("BenefitInKind", ctx, LEGAL_TEXTS.benefitInKind);
    const value = computeGross(ctx, target);
    shared = { value: value === undefined ? null : value, records: target.recorded() };
    ctx.shared.grossBenefitInKind = shared;
    if (target === b) return value;
  }
  b.absorb(shared.records);
  return shared.value ?? undefined;
}

/** The gross BIK, recording what it used on `b`; undefined when the year's parameters are missing. */
function computeGross(ctx: LineContext, b: ResultBuilder): Fraction | undefined {
  const { car } = ctx.input;
  const law = bikLawAt(ctx.evaluationDate);
  if (!law) return undefined;

  b.setFormula(law.formula);
  b.param("vat", "factor", law.vat);
  const catalogue = mul(dec(car.catalogPrice), law.vatFactor);
  const catalogueValue = toEuros(catalogue);
  b.input("catalogPriceExVat", car.catalogPrice).input("catalogueValue", catalogueValue);

  const month = Math.max(1, monthNumberSince(ctx.firstRegistration, ctx.evaluationDate));
  const ageRow = law.ageCoefficients;
  const band = bandFor(ageRow.value, (a) => a.upToMonth === null || month <= a.upToMonth);
  const agePercent = b.paramValue("ageCoefficient", "%", band.percent, ageRow.sources[0]);
  // The share of private use as the law writes it (6/7): with the catalogue value, the age
  // coefficient and the CO2 percentage, the description holds every factor of the formula.
  const shareRow = law.privateShareRow;
  b.paramValue(
    "privateShare",
    "fraction",
    law.privateShareText,
    shareRow.sources[0],
    shareRow.provisional === true,
    shareRow.parameter ?? null,
  );
  b.input("firstRegistration", ctx.firstRegistration).input("monthSinceFirstRegistration", month);

  const family = fuelFamily(car.fuel);
  let percent: Fraction;
  if (family === "zeroEmission") {
    if (!law.zeroEmissionPercent) return undefined;
    percent = int(b.param("co2Percent", "%", law.zeroEmissionPercent));
    b.note("electricFlatRate");
  } else {
    const referenceRow = law.referenceCo2;
    const reference = b.paramValue(
      `referenceCo2.${family}`,
      "g/km",
      referenceRow.value[family],
      referenceRow.sources[0],
    );
    const figure = federalCo2(car);
    let co2: Fraction;
    if (figure === undefined) {
      const unknownRow = law.unknownCo2;
      if (!unknownRow) return undefined;
      co2 = int(b.paramValue("unknownCo2", "g/km", unknownRow.value[family], unknownRow.sources[0]));
      b.note("co2Unknown");
    } else {
      b.input("co2", figure.value).input("co2Cycle", figure.cycle);
      co2 = assessPluginHybrid(ctx.input, figure, ctx.orderDate, ctx.registrationDate, ctx.year, b).taxCo2;
    }
    percent = bikCo2Percent(co2, reference, law.percent);
    b.input("co2Percent", toNumber(percent, 4));
  }

  const byFormula = bikByFormula(catalogue, agePercent, percent, law.privateShare);
  b.input("benefitByFormula", Number(byFormula.n) / 100);
  if (cmp(byFormula, law.minimumAmount) < 0) {
    // Only a binding minimum is a parameter of the result (and can make it provisional).
    const minimumRow = law.minimum;
    b.param("minimum", "EUR/year", minimumRow);
    b.note("minimumApplied", { minimum: minimumRow.value });
    return law.minimumAmount;
  }
  b.input("minimumNotReached", law.minimum.value);
  return byFormula;
}

/** BenefitInKind: the taxable benefit of the employee (or director) per year. */
export function benefitInKind(ctx: LineContext): TaxResult {
  const b = new ResultBuilder("BenefitInKind", ctx, LEGAL_TEXTS.benefitInKind);
  const { status } = ctx.input.profile;
  if (status === "Private") return b.notApplicable("privatePerson");

  const gross = grossBenefitInKind(ctx, b);
  // After the gross BIK's records, as in every explanation of the line.
  if (status === "SoleProprietor") b.note("assumesEmployee");
  if (gross === undefined) return b.rulesNotAvailable(`bik.referenceCo2/minimum ${ctx.year}`);

  const own = ctx.input.options.ownMonthlyCost;
  if (typeof own === "number" && own > 0) {
    const yearly = mul(dec(own), int(12));
    b.input("ownMonthlyCost", own).note("ownContributionDeducted", {
      ownYearly: toEuros(yearly),
    });
    const law = bikLawAt(ctx.evaluationDate);
    if (law && cmp(gross, law.minimumAmount) === 0) {
      // Whether the minimum is compared before or after the contribution is not settled (federal
      // reference §1.7); we follow the recommended reading, minimum first.
      b.note("minimumBeforeContribution").markProvisional();
    }
    return b.amount(max(sub(gross, yearly), ZERO));
  }
  return b.amount(gross);
}

/** The CO2 percentage: 5.5 % + (CO2 − reference) × 0.1 %, within [4 %, 18 %] (art. 36 §2). */
export function bikCo2Percent(co2: Fraction, reference: number, rule: BikPercentFractions): Fraction {
  const raw = add(rule.atReference, mul(sub(co2, int(reference)), rule.perGram));
  return clamp(raw, rule.minimum, rule.maximum);
}

/** catalogue value (incl. VAT) × age coefficient × 6/7 × CO2 %, rounded to the cent. */
export function bikByFormula(
  catalogueValue: Fraction,
  agePercent: number,
  co2Percent: Fraction,
  privateShare: Fraction,
): Fraction {
  return round(mul(catalogueValue, ratio(agePercent, 100), privateShare, co2Percent, PER_CENT), 2);
}
