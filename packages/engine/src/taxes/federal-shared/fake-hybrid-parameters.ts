/**
 * "Fake" plug-in hybrids (valse hybrides / faux hybrides): art. 36 §2 and art. 66 §1 WIB 92 as
 * amended by the law of 25/12/2017, KB 5/9/2019, and the law of 18/12/2025 (75 g/km for Euro 6e-bis).
 */
import { dec, type Fraction } from "../../core/exact";
import { lawByYear, type ParameterRow } from "../../law/parameter-table";
import { parameter } from "../../law/parameters";

/** Only plug-in hybrids acquired (ordered) from `acquiredFrom` can be fake; the CO2 limit. */
export const fakeHybridDefinition = parameter<{ readonly acquiredFrom: string; readonly maxCo2: number }>(
  "fakeHybrid.definition",
);

/** The CO2 limit of cars whose CO2 is determined under Euro 6e-bis or later, from an income year. */
export const fakeHybridEuro6eBis = parameter<{ readonly maxCo2: number; readonly fromIncomeYear: number }>(
  "fakeHybrid.euro6eBis",
);

/** Minimum battery energy per 100 kg of vehicle mass, kWh; the ratio is rounded to 1 decimal. */
export const fakeHybridMinBattery = parameter<number>("fakeHybrid.minBatteryKwhPer100Kg");

/** With no comparable non-hybrid car, the hybrid's own CO2 × this multiplier. */
export const fakeHybridFallbackMultiplier = parameter<number>("fakeHybrid.fallbackMultiplier");

/** The fake-hybrid rules of an income year, and their numbers the test compares as fractions. */
export interface FakeHybridLaw {
  readonly definition: ParameterRow<{ readonly acquiredFrom: string; readonly maxCo2: number }>;
  readonly euro6eBis: ParameterRow<{ readonly maxCo2: number; readonly fromIncomeYear: number }>;
  readonly minBattery: ParameterRow<number>;
  readonly minBatteryAmount: Fraction;
  readonly fallbackMultiplier: ParameterRow<number>;
  readonly fallbackFactor: Fraction;
}

/** The rules of an income year (read on 1 January), or undefined when one is not published. */
export const fakeHybridLawOf = lawByYear(
  {
    definition: fakeHybridDefinition,
    euro6eBis: fakeHybridEuro6eBis,
    minBattery: fakeHybridMinBattery,
    fallbackMultiplier: fakeHybridFallbackMultiplier,
  },
  ({ definition, euro6eBis, minBattery, fallbackMultiplier }): FakeHybridLaw | null =>
    definition && euro6eBis && minBattery && fallbackMultiplier
      ? {
          definition,
          euro6eBis,
          minBattery,
          minBatteryAmount: dec(minBattery.value),
          fallbackMultiplier,
          fallbackFactor: dec(fallbackMultiplier.value),
        }
      : null,
);
