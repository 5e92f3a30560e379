import fc from "fast-check";
import { EuroStandard, enumNames, FuelType, ProfileStatus, Region, RegistrationOn } from "../core/enums";
import { formatIsoDate, type IsoDate } from "../core/iso-date";
import type { CalculationInput, CarDetailInput } from "../input/calculation-input";
import { isPluginHybrid, isZeroEmission } from "../input/vehicle";

/** A real calendar date between two years (inclusive). */
export const isoDateArb = (fromYear: number, toYear: number): fc.Arbitrary<IsoDate> =>
  fc
    .record({
      year: fc.integer({ min: fromYear, max: toYear }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
    })
    .map(formatIsoDate);

/** A valid car of any fuel, first registered on or before `registrationDate`. */
export const carArb = (registrationDate: IsoDate): fc.Arbitrary<CarDetailInput> =>
  fc
    .record({
      catalogPrice: fc.integer({ min: 10_000_00, max: 250_000_00 }).map((cents) => cents / 100),
      fuel: fc.constantFrom(...enumNames(FuelType)),
      euroStandard: fc.constantFrom(...enumNames(EuroStandard)),
      kilowatt: fc.integer({ min: 40, max: 400 }),
      co2: fc.integer({ min: 0, max: 320 }),
      capacity: fc.integer({ min: 800, max: 6500 }),
      weight: fc.integer({ min: 1000, max: 3200 }),
      batteryCapacity: fc.integer({ min: 0, max: 300 }).map((tenths) => tenths / 10),
      ageMonths: fc.integer({ min: 0, max: 200 }),
      cycle: fc.constantFrom("WLTP", "NEDC", "both"),
    })
    .map((r) => {
      const [y, m] = registrationDate.split("-").map(Number) as [number, number];
      const total = y * 12 + (m - 1) - r.ageMonths;
      const firstRegistration = formatIsoDate({
        year: Math.floor(total / 12),
        month: (total % 12) + 1,
        day: 1,
      });
      const zero = isZeroEmission(r.fuel);
      const co2 = zero ? 0 : r.co2;
      const usesWltp = firstRegistration >= "2021-01-01" || r.cycle !== "NEDC";
      return {
        catalogPrice: r.catalogPrice,
        firstRegistration,
        fuel: r.fuel,
        euroStandard: r.euroStandard,
        kilowatt: r.kilowatt,
        wltp: usesWltp ? co2 : null,
        nedC2: r.cycle === "WLTP" && usesWltp ? 0 : Math.round(co2 * 0.85),
        capacity: zero ? null : r.capacity,
        weight: r.weight,
        batteryCapacity: isPluginHybrid(r.fuel) ? r.batteryCapacity : null,
      };
    });

/** A valid calculation input: registration 2021–2026, any profile, order up to three years before. */
export const calculationInputArb: fc.Arbitrary<CalculationInput> = isoDateArb(2021, 2026).chain(
  (registrationDate) =>
    fc.record({
      car: carArb(registrationDate),
      profile: fc.record({
        status: fc.constantFrom(...enumNames(ProfileStatus)),
        registrationOn: fc.constantFrom(...enumNames(RegistrationOn)),
        region: fc.constantFrom(...enumNames(Region)),
        hasFuelCard: fc.boolean(),
      }),
      options: fc.record({
        registrationDate: fc.constant(registrationDate),
        orderDate: fc.integer({ min: 0, max: 1100 }).map((daysBefore) => {
          const d = new Date(`${registrationDate}T00:00:00Z`);
          d.setUTCDate(d.getUTCDate() - daysBefore);
          return d.toISOString().slice(0, 10);
        }),
        ownMonthlyCost: fc.oneof(
          fc.constant(null),
          fc.integer({ min: 0, max: 30000 }).map((c) => c / 100),
        ),
      }),
    }),
);
