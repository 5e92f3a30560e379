import { add, dec } from "../../exact";
import { anniversaryIn, type IsoDate, yearOf } from "../../iso-date";
import type { LineContext } from "../../line-context";
import type { ResultBuilder } from "../../result-builder";
import { type ParameterTable, rowAt } from "../../rules/parameter-table";
import type { Source } from "../../rules/source";
import type { TaxResult } from "../../tax-result";
import { regionalHorsepower } from "./regional-car";
import { lpgSupplement, withSurcharge } from "./road-tax-scale";

/** Whether more than `years` years have passed between the first registration and `at`. */
export function registeredMoreThan(firstRegistration: IsoDate, at: IsoDate, years: number): boolean {
  return at > anniversaryIn(firstRegistration, yearOf(firstRegistration) + years);
}

/**
 * The flat road tax of old cars: the window's flat amount × 1.10 (opdeciem / décimes additionnels),
 * + the LPG supplement (art. 2.2.4.0.4 knows no exception for old cars). `ageProvisional` marks a
 * line whose age condition the sources dispute.
 */
export function oldCarRoadTax(
  ctx: LineContext,
  b: ResultBuilder,
  table: ParameterTable<number>,
  age: { years: number; source: Source; provisional?: boolean },
): TaxResult {
  const row = rowAt(table, ctx.evaluationDate);
  if (!row) return b.rulesNotAvailable(`${table.id} ${ctx.evaluationDate}`);
  b.paramValue("oldCarYears", "years", age.years, age.source, age.provisional === true);
  b.note("oldCarFlatRoadTax", { years: age.years });
  b.setFormula("flat amount × 1.10 [+ LPG supplement]");
  const flat = withSurcharge(b, dec(b.param("oldCarFlat", "EUR/year", row)));
  if (ctx.input.car.fuel !== "LPG") return b.amount(flat);
  const horsepower = regionalHorsepower(ctx, b);
  if (horsepower === undefined) return b.notApplicable("missingCapacity");
  return b.amount(add(flat, lpgSupplement(b, true, horsepower)));
}
