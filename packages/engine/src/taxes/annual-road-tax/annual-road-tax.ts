import type { TaxResult } from "../../core/tax-result";
import type { LineContext } from "../../input/line-context";
import { flandersAnnualRoadTax } from "./flanders";
import { walloniaBrusselsAnnualRoadTax } from "./wallonia-brussels";

/**
 * The annual road tax (verkeersbelasting / taxe de circulation; the contract's YearlyTax) for the 12-month period starting on the anniversary of the
 * registration in the line's year (ctx.evaluationDate), with every surcharge the taxpayer pays
 * (10 % opdeciem / décimes, LPG supplement).
 */
export function annualRoadTax(ctx: LineContext): TaxResult {
  return ctx.input.profile.region === "Flanders"
    ? flandersAnnualRoadTax(ctx)
    : walloniaBrusselsAnnualRoadTax(ctx);
}
