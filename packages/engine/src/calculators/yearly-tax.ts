import type { LineContext } from "../line-context";
import type { TaxResult } from "../tax-result";
import { flandersRoadTax } from "./regional/flanders-road-tax";
import { walloniaBrusselsRoadTax } from "./regional/plain-road-tax";

/**
 * YearlyTax: the annual road tax for the 12-month period starting on the anniversary of the
 * registration in the line's year (ctx.evaluationDate), with every surcharge the taxpayer pays
 * (10 % opdeciem / décimes, LPG supplement).
 */
export function yearlyTax(ctx: LineContext): TaxResult {
  return ctx.input.profile.region === "Flanders" ? flandersRoadTax(ctx) : walloniaBrusselsRoadTax(ctx);
}
