import type { LineContext } from "../line-context";
import { ResultBuilder } from "../result-builder";
import type { TaxResult } from "../tax-result";

/** RoadTax (registration tax, BIV/TMC): lands with the regional-calculators issue. */
export function roadTax(ctx: LineContext): TaxResult {
  return new ResultBuilder("RoadTax", ctx, { title: "regional registration tax", url: "" }).rulesNotAvailable(
    "regional registration tax (not implemented yet)",
  );
}
