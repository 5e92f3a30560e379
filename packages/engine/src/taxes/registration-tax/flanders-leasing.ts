import { ResultBuilder } from "../../core/result-builder";
import type { TaxResult } from "../../core/tax-result";
import type { LineContext } from "../../input/line-context";
import { isZeroEmission } from "../../input/vehicle";
import { LEGAL_TEXTS } from "../../law/legal-texts";
import { recordDates } from "../regional-shared/regional-car";
import { flandersZeroEmissionBiv } from "./flanders";
import { powerTableTax } from "./power-table";

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
