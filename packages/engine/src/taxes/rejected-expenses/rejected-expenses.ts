import { int, mul, ratio, toEuros } from "../../core/exact";
import { ResultBuilder } from "../../core/result-builder";
import type { TaxResult } from "../../core/tax-result";
import type { LineContext } from "../../input/line-context";
import { isZeroEmission } from "../../input/vehicle";
import { LEGAL_TEXTS } from "../../law/legal-texts";
import { grossBenefitInKind } from "../benefit-in-kind/benefit-in-kind";
import { rejectedExpensesLawAt } from "./parameters";

/**
 * RejectedExpenses: the company adds a share of the car's BIK (a higher one with a fuel card) to its
 * disallowed expenses, computed on the BIK before the employee's own contribution. Corporate tax
 * only: not applicable to private persons and sole proprietors.
 */
export function rejectedExpenses(ctx: LineContext): TaxResult {
  const b = new ResultBuilder("RejectedExpenses", ctx, LEGAL_TEXTS.rejectedExpenses);
  const { profile, car } = ctx.input;
  if (profile.status === "Private") return b.notApplicable("privatePerson");
  if (profile.status === "SoleProprietor") return b.notApplicable("corporateTaxOnly");

  const gross = grossBenefitInKind(ctx, b);
  if (gross === undefined) return b.rulesNotAvailable(`bik.referenceCo2/minimum ${ctx.year}`);
  const law = rejectedExpensesLawAt(ctx.evaluationDate);
  if (law) b.setFormula(law.formula);
  b.input("benefitInKind", toEuros(gross));
  if (!law) return b.rulesNotAvailable(`rejectedExpenses.rates ${ctx.year}`);
  const { rates: ratesRow, zeroEmissionFuelCard: electricityRow } = law;
  const fuelCard = profile.hasFuelCard === true;
  const rate = !fuelCard
    ? b.paramValue("rate", "%", ratesRow.value.standard, ratesRow.sources[0])
    : isZeroEmission(car.fuel)
      ? b.param("rate", "%", electricityRow)
      : b.paramValue("rate", "%", ratesRow.value.withFuelCard, ratesRow.sources[0]);
  if (fuelCard) b.note("fuelCard", { rate, standardRate: ratesRow.value.standard });
  return b.amount(mul(gross, ratio(rate, 100), int(1)));
}
