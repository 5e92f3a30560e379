import { CALCULATORS, type Calculator, ViewOption } from "@cartax/engine";

/** One entry of `updatedCalculations`: the ViewOptions flag and its exact name (docs/contract.md). */
export interface UpdatedCalculation {
  readonly value: number;
  readonly label: string;
}

/**
 * Calculation types from names or values (`RoadTax`, `1`, …), as an operator types them; unknown
 * entries are returned separately so the caller can refuse them.
 */
export function parseCalculationTypes(items: readonly string[]): {
  readonly types: UpdatedCalculation[];
  readonly unknown: string[];
} {
  const types = new Map<number, UpdatedCalculation>();
  const unknown: string[] = [];
  for (const raw of items) {
    const item = raw.trim();
    const byName = CALCULATORS.find((c) => c.toLowerCase() === item.toLowerCase());
    const byValue = CALCULATORS.find((c) => String(ViewOption[c]) === item);
    const name = byName ?? byValue;
    if (name) types.set(ViewOption[name], { value: ViewOption[name], label: name });
    else if (item !== "") unknown.push(item);
  }
  return { types: [...types.values()].sort((a, b) => a.value - b.value), unknown };
}

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
