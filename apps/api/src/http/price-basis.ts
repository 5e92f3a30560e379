import { type PriceBasis, priceBasisSchema } from "@cartax/schemas";
import type { Context } from "hono";
import { ProblemError } from "./problem";

/** The query parameter that sets the basis of this request's catalogPrice (docs/contract.md, "Catalog prices and VAT"). */
export const PRICE_BASIS_QUERY = "priceBasis";

/** The request's `priceBasis`, or undefined when absent; any other value is a 400 `enum`. */
export function priceBasisOf(c: Context): PriceBasis | undefined {
  const value = c.req.query(PRICE_BASIS_QUERY);
  if (value === undefined) return undefined;
  const parsed = priceBasisSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const message = `${PRICE_BASIS_QUERY} must be one of excl-vat, incl-vat`;
  throw new ProblemError("validation_error", message, [{ field: PRICE_BASIS_QUERY, rule: "enum", message }]);
}
