import { add, dec } from "../../core/exact";
import { anniversaryIn, type IsoDate, yearOf } from "../../core/iso-date";
import type { ResultBuilder } from "../../core/result-builder";
import type { TaxResult } from "../../core/tax-result";
import type { LineContext } from "../../input/line-context";
import { type ParameterRow, type ParameterTable, rowAt } from "../../law/parameter-table";
import { regionalHorsepower } from "../regional-shared/regional-car";
import { lpgSupplement, SURCHARGE_TEXT, withSurcharge } from "./scale";

const OLD_CAR_FORMULA = `flat amount ${SURCHARGE_TEXT} [+ LPG supplement]`;

/** Whether more than `years` years have passed between the first registration and `at`. */
export function registeredMoreThan(firstRegistration: IsoDate, at: IsoDate, years: number): boolean {
  return at > anniversaryIn(firstRegistration, yearOf(firstRegistration) + years);
}

/** The age condition a line met: the years, the parameter row they come from, whether disputed. */
export interface OldCarAge {
  readonly years: number;
  readonly row: ParameterRow<unknown>;
  readonly provisional?: boolean;
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
  age: OldCarAge,
): TaxResult {
  const row = rowAt(table, ctx.evaluationDate);
  if (!row) return b.rulesNotAvailable(`${table.id} ${ctx.evaluationDate}`);
  const provisional = age.provisional === true;
  b.paramValue("oldCarYears", "years", age.years, age.row.sources[0], provisional, age.row.parameter);
  b.note("oldCarFlatRoadTax", { years: age.years });
  b.setFormula(OLD_CAR_FORMULA);
  const flat = withSurcharge(b, dec(b.param("oldCarFlat", "EUR/year", row)));
  if (ctx.input.car.fuel !== "LPG") return b.amount(flat);
  const horsepower = regionalHorsepower(ctx, b);
  if (horsepower === undefined) return b.notApplicable("missingCapacity");
  return b.amount(add(flat, lpgSupplement(b, true, horsepower)));
}
