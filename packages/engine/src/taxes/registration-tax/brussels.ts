import { cmp, toEuros } from "../../core/exact";
import { ResultBuilder } from "../../core/result-builder";
import type { TaxResult } from "../../core/tax-result";
import type { LineContext } from "../../input/line-context";
import { isZeroEmission } from "../../input/vehicle";
import { LEGAL_TEXTS } from "../../law/legal-texts";
import { rowAt } from "../../law/parameter-table";
import { recordDates } from "../regional-shared/regional-car";
import { brusselsIndexation } from "./brussels-parameters";
import { indexedAmount, powerTableTax } from "./power-table";
import { POWER_TABLE_MINIMUM, POWER_TABLE_SOURCES } from "./power-table-parameters";

/**
 * The registration tax in Brussels: the power table with the 298 € LPG reduction, no eco-malus; EV/H2 pay the
 * minimum. Amounts indexed from 1 July 2024 except for leasing companies (ordinance 19/4/2024).
 */
export function brusselsRegistrationTax(ctx: LineContext, leasing: boolean): TaxResult {
  const b = new ResultBuilder("RoadTax", ctx, LEGAL_TEXTS.brusselsTmc);
  recordDates(ctx, b);
  let coefficient = 1;
  let minimumUncertain = false;
  if (leasing) {
    b.note("leasingCompany");
  } else {
    const row = rowAt(brusselsIndexation, ctx.registrationDate);
    if (!row) return b.rulesNotAvailable(`brussels.tmc.indexation ${ctx.registrationDate}`);
    if (row.value.coefficient !== 1) {
      coefficient = b.paramValue(
        "indexCoefficient",
        "factor",
        row.value.coefficient,
        row.sources[0],
        row.provisional,
      );
      b.note("indexedTable", { indexWindow: row.from });
      minimumUncertain = row.value.minimumUncertain === true;
    }
  }
  const minimum = indexedAmount(POWER_TABLE_MINIMUM, coefficient);
  if (isZeroEmission(ctx.input.car.fuel)) {
    b.note("electricFlatRate");
    b.paramValue("minimum", "EUR", toEuros(minimum), POWER_TABLE_SOURCES[0], minimumUncertain);
    return b.amount(minimum);
  }
  const amount = powerTableTax(ctx, b, { coefficient, lpgReduction: true });
  if (amount === undefined) return b.missingInput("missingCapacity", "capacity");
  // FEBIAC shows 78.99 for the lowest indexed amount of 2026-27 where × 1.2826 gives 78.88.
  if (minimumUncertain && cmp(amount, minimum) === 0) {
    b.paramValue("minimum", "EUR", toEuros(minimum), POWER_TABLE_SOURCES[0], true);
  }
  return b.amount(amount);
}
