import type { LineContext } from "../line-context";
import { ResultBuilder } from "../result-builder";
import type { TaxResult } from "../tax-result";

/** YearlyTax (annual road tax): lands with the regional-calculators issue. */
export function yearlyTax(ctx: LineContext): TaxResult {
  return new ResultBuilder("YearlyTax", ctx, {
    title: "regional annual road tax",
    url: "",
  }).rulesNotAvailable("regional annual road tax (not implemented yet)");
}
