import { z } from "zod";

/** The name of the response header that states the basis of `catalogPrice` (docs/contract.md, "Catalog prices and VAT"). */
export const PRICE_BASIS_HEADER = "Cartax-Price-Basis";

/**
 * The `priceBasis` query parameter of the writes that carry a car (POST and PUT CarDetails, Calculate
 * with an inline car): the basis of this one request's `catalogPrice`, whatever the subscription's
 * setting. `excl-vat` is what a read returns, so a car read and written back keeps its price.
 */
export const priceBasisSchema = z
  .enum(["excl-vat", "incl-vat"])
  .describe(
    "The basis of catalogPrice in this request: excl-vat (as a read returns it; stored as sent) or incl-vat " +
      "(divided by 1.21). Absent: the subscription's setting (excl-vat unless created with --prices-include-vat).",
  );

/** A price basis: `excl-vat` or `incl-vat`. */
export type PriceBasis = z.output<typeof priceBasisSchema>;
