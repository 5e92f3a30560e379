import type { CarDetailBody, PriceBasis } from "@cartax/schemas";
import type { Subscription } from "@cartax/storage";

/** Belgian VAT rate applied to catalog prices sent including VAT (subscription setting). */
export const VAT_FACTOR = 1.21;

/**
 * The car as it is stored and calculated: catalogPrice excluding VAT. With `pricesIncludeVat` (or
 * the request's `priceBasis=incl-vat`) the caller's price is divided by 1.21 and kept at full double
 * precision (not rounded to the cent), so that the engine's × 1.21 for the benefit in kind gives back
 * the caller's price to the cent. `priceBasis=excl-vat` stores the price as sent, whatever the
 * subscription says: the safe way to write back a car that was read.
 */
export function carExcludingVat(
  car: CarDetailBody,
  subscription: Subscription,
  priceBasis?: PriceBasis,
): CarDetailBody {
  const includesVat = priceBasis === undefined ? subscription.pricesIncludeVat : priceBasis === "incl-vat";
  return includesVat ? { ...car, catalogPrice: car.catalogPrice / VAT_FACTOR } : car;
}
