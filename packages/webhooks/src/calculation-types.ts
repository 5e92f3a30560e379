import { CALCULATORS, type Calculator, ViewOption } from "@cartax/engine";

/**
 * The viewOptions bitmask that re-runs exactly the updated calculators through Calculate. Entries
 * this version does not know (new calculation types) are ignored, as the spec asks receivers to.
 */
export function toViewOptions(updated: readonly { value?: unknown; label?: unknown }[]): number {
  let mask = 0;
  for (const entry of updated) {
    const known = CALCULATORS.find((c: Calculator) => c === entry.label || ViewOption[c] === entry.value);
    if (known) mask |= ViewOption[known];
  }
  return mask;
}
