import { shortDecimal } from "@cartax/engine";

/**
 * A number as JSON.stringify writes it, with the law's short decimals (amounts, rates, factors)
 * written in integer arithmetic: V8 writes a fractional double with its shortest-digits algorithm,
 * hundreds of nanoseconds each. Used by the answers written from fragments (Calculate's,
 * GetTaxMatrix's), whose property tests compare them with JSON.stringify.
 */
export function jsonNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return shortDecimal(value) ?? JSON.stringify(value);
}
