import { CALCULATORS, ViewOption } from "@cartax/engine";

/** One entry of `updatedCalculations`: the ViewOptions flag and its exact name (docs/contract.md). */
export interface UpdatedCalculation {
  readonly value: number;
  readonly label: string;
}

/** Body of a change notification (docs/contract.md, Events). */
export interface ChangeNotification {
  readonly eventId: string;
  readonly updatedCalculations: readonly UpdatedCalculation[];
}

/** Body of a liveness ping. */
export interface Ping {
  readonly event: "ping";
  readonly ping: true;
  readonly eventId: string;
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

export function changeNotification(
  eventId: string,
  types: readonly UpdatedCalculation[],
): ChangeNotification {
  if (types.length === 0) throw new RangeError("a notification names at least one calculation type");
  return { eventId, updatedCalculations: types.map(({ value, label }) => ({ value, label })) };
}

export function ping(eventId: string): Ping {
  return { event: "ping", ping: true, eventId };
}
