import { type CarDetailInputLike, enumNames, FuelType } from "@cartax/engine";
import fc from "fast-check";

/**
 * A car of any fuel for the property tests that compare a fast writer of answers with
 * JSON.stringify: registered in 2021–2028 (later years lack rules), first registered up to 25
 * years before, with the fields its fuel needs.
 */
export const randomCarArb = fc.record({
  registrationYear: fc.integer({ min: 2021, max: 2028 }),
  month: fc.integer({ min: 1, max: 12 }),
  day: fc.integer({ min: 1, max: 28 }),
  ageMonths: fc.integer({ min: 0, max: 300 }),
  catalogPrice: fc.integer({ min: 5_000_00, max: 300_000_00 }).map((cents) => cents / 100),
  fuel: fc.constantFrom(...enumNames(FuelType)),
  co2: fc.integer({ min: 0, max: 350 }),
  kilowatt: fc.integer({ min: 30, max: 500 }),
  capacity: fc.integer({ min: 600, max: 6_000 }),
  batteryCapacity: fc.integer({ min: 0, max: 400 }).map((tenths) => tenths / 10),
});

export type RandomCar = typeof randomCarArb extends fc.Arbitrary<infer T> ? T : never;

/** The registration date of a random car (yyyy-MM-dd). */
export const registrationDateOf = (c: RandomCar): string =>
  `${c.registrationYear}-${String(c.month).padStart(2, "0")}-${String(c.day).padStart(2, "0")}`;

/** The car detail of a random car, as the engine reads it. */
export function carDetailOf(c: RandomCar): CarDetailInputLike {
  const first = new Date(Date.UTC(c.registrationYear, c.month - 1 - c.ageMonths, 1));
  const electric = c.fuel === "Electric" || c.fuel === "Hydrogen";
  return {
    catalogPrice: c.catalogPrice,
    firstRegistration: first.toISOString().slice(0, 10),
    fuel: c.fuel,
    euroStandard: "Euro6",
    kilowatt: c.kilowatt,
    wltp: electric ? 0 : c.co2,
    nedC2: 0,
    capacity: electric ? null : c.capacity,
    weight: 1600,
    batteryCapacity: c.fuel.startsWith("PluginHybrid") ? c.batteryCapacity : null,
  };
}
