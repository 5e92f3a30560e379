import type { LineContext } from "../../line-context";
import { ResultBuilder } from "../../result-builder";
import { LEGAL_TEXTS } from "../../rules/legal-texts";
import type { TaxResult } from "../../tax-result";
import { isZeroEmission } from "../../vehicle";
import { flandersZeroEmissionBiv } from "./flanders-registration-tax";
import { powerTableTax } from "./power-table-registration-tax";
import { recordDates } from "./regional-car";

/**
 * The registration tax in Flanders for companies with leasing activities (VCF art. 2.3.4.2.1): the old power
 * table, never indexed, no LPG reduction (its paragraph is repealed); EV/H2 as for other owners.
 */
export function flandersLeasingRegistrationTax(ctx: LineContext): TaxResult {
  const b = new ResultBuilder("RoadTax", ctx, LEGAL_TEXTS.flandersBivLeasing);
  recordDates(ctx, b);
  b.note("leasingCompany");
  if (isZeroEmission(ctx.input.car.fuel)) return flandersZeroEmissionBiv(ctx, b);
  const amount = powerTableTax(ctx, b, { coefficient: 1, lpgReduction: false });
  return amount === undefined ? b.missingInput("missingCapacity", "capacity") : b.amount(amount);
}
