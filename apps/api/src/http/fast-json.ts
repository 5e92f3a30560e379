import type { TaxMatrixRow } from "@cartax/engine";
import { shortDecimal } from "./short-decimal";

/**
 * The service's one seam for answers written without JSON.stringify's walk (issue 29: every fast
 * path lives behind one named seam per layer and is pinned by a property test against its plain
 * twin, here fast-json.test.ts against JSON.stringify). What is left after the lean answer was
 * measured: GetTaxMatrix's answer, written for every new registration date. Calculate's answer
 * with parameters, written from remembered fragments until 28 November 2026, is JSON.stringify
 * again: it saved 18 µs of an answer that is now asked for on request only.
 * @module
 */

/**
 * A number as JSON.stringify writes it, with the law's short decimals (amounts, rates, factors)
 * written in integer arithmetic: V8 writes a fractional double with its shortest-digits algorithm,
 * hundreds of nanoseconds each.
 */
function jsonNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return shortDecimal(value) ?? JSON.stringify(value);
}

/**
 * GetTaxMatrix's answer as JSON: exactly `JSON.stringify({ carDetailId, registrationDate, rows })`
 * for the engine's rows (a property test holds the two byte for byte), written without
 * JSON.stringify's walk of 9 rows × 3 regions. A matrix computed for a new date spent about a
 * tenth of its time under load serialising (bench/README.md, "GetTaxMatrix computed each time"):
 * the names of the enumerations are quoted once, the amounts are written as the law's short
 * decimals in integer arithmetic (`jsonNumber`, the same text as String).
 */
export function taxMatrixJson(
  carDetailId: string,
  registrationDate: string,
  rows: readonly TaxMatrixRow[],
): string {
  let json = `{"carDetailId":${JSON.stringify(carDetailId)},"registrationDate":${JSON.stringify(registrationDate)},"rows":[`;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as TaxMatrixRow;
    json += `${r === 0 ? "" : ","}{"status":${quoted(row.status)},"registrationOn":${quoted(row.registrationOn)},"regions":[`;
    const regions = row.regions;
    for (let g = 0; g < regions.length; g++) {
      const entry = regions[g] as TaxMatrixRow["regions"][number];
      json += `${g === 0 ? "" : ","}{"region":${quoted(entry.region)},"roadTax":${amount(entry.roadTax)},"yearlyTax":${amount(entry.yearlyTax)}}`;
    }
    json += "]}";
  }
  return `${json}]}`;
}

// The few enumeration names of the matrix, quoted once (JSON.stringify for anything unexpected).
const quotedNames = new Map<string, string>();
function quoted(name: string): string {
  let text = quotedNames.get(name);
  if (text === undefined) {
    text = JSON.stringify(name);
    if (quotedNames.size < 64) quotedNames.set(name, text);
  }
  return text;
}

/** JSON of a cell: null, or the amount as JSON.stringify writes it. */
function amount(value: number | null): string {
  return value === null ? "null" : jsonNumber(value);
}
