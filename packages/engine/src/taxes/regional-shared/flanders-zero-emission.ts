import type { ResultBuilder } from "../../core/result-builder";
import type { TaxResult } from "../../core/tax-result";
import type { LineContext } from "../../input/line-context";
import { FLEMISH_ZERO_EMISSION_TRANSITION as T } from "./flanders-zero-emission-parameters";

/**
 * The exemption of a Flemish zero-emission car registered from 2026 that was ordered before
 * 6 Oct 2025, or undefined when the caller gave no such order date (the registration date then
 * stands for it, and the 2026 rules apply).
 */
export function orderedBeforeTransition(
  ctx: LineContext,
  b: ResultBuilder,
  tax: keyof typeof T.articles,
): TaxResult | undefined {
  const orderDate = ctx.input.options.orderDate;
  if (typeof orderDate !== "string" || orderDate >= T.orderedBefore) return undefined;
  b.input("orderDate", orderDate);
  b.paramValue("transitionOrderedBefore", "date", T.orderedBefore, T.source);
  b.paramValue("transitionFiledBefore", "date", T.filedBefore, T.source);
  return b.exempt("zeroEmissionOrderedBeforeTransition", {
    orderDate,
    transitionArticle: T.articles[tax],
  });
}
