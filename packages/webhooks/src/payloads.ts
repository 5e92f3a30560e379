import type { UpdatedCalculation } from "./calculation-types";

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
