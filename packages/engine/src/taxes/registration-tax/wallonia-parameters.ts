/**
 * Walloon registration tax (taxe de mise en circulation).
 * Until 30 June 2025: the power table (power-table-parameters.ts) plus the eco-malus by CO2, EVs a flat 61.50.
 * From 1 July 2025 (decree of 7 Sept 2023, amended 28 May 2025), for every owner except leasing
 * companies: TMC = MB(kW) × age % × (CO2 / X) × (MMA / Y) × C, bounded to [50, 9,000].
 */
import type { IsoDate } from "../../core/iso-date";
import { constantRow, openBound, parameter } from "../../law/parameters";

const reformFrom = constantRow<IsoDate>("wallonia.tmc.reformFrom");
export const WALLOON_REFORM_FROM: IsoDate = reformFrom.value;

/** Eco-malus by CO2 (g/km), added to the TMC of non-leasing owners until 30 June 2025. */
const ecoMalus = constantRow<readonly { maxCo2: number | null; amount: number }[]>("wallonia.tmc.ecoMalus");
export const ECO_MALUS: readonly { readonly maxCo2: number; readonly amount: number }[] = ecoMalus.value.map(
  (band) => ({ maxCo2: openBound(band.maxCo2), amount: band.amount }),
);
export const ECO_MALUS_SOURCES = ecoMalus.sources;

const references = constantRow<{
  readonly co2: { readonly WLTP: number; readonly NEDC: number };
  readonly massKg: number;
}>("wallonia.tmc.reformReferences");
const bounds = constantRow<{ readonly minimum: number; readonly maximum: number }>(
  "wallonia.tmc.reformBounds",
);
const ageFloor = constantRow<number>("wallonia.tmc.reformAgeFloor");
const oldtimer = constantRow<{ readonly years: number; readonly flat: number }>("wallonia.tmc.oldtimer");
const energy = constantRow<{ readonly combustion: number; readonly hybrid: number }>(
  "wallonia.tmc.energyCoefficient",
);
const zeroEmission = constantRow<
  readonly { maxKilowatt: number | null; coefficient: number; provisional: boolean }[]
>("wallonia.tmc.zeroEmissionCoefficient");

/** Constants of the reform formula (each from its parameter file). */
export const WALLOON_REFORM = {
  /** X: reference CO2 by the cycle of the figure. */
  referenceCo2: references.value.co2,
  /** Y: reference maximum authorised mass, kg. */
  referenceMass: references.value.massKg,
  minimum: bounds.value.minimum,
  maximum: bounds.value.maximum,
  /** The base amount after the age reduction is not below 61.50; from 15 years it is 61.50. */
  minimumBaseAmount: ageFloor.value,
  /** Cars first put into circulation 30 years ago or more pay a flat amount instead of the formula. */
  oldtimerYears: oldtimer.value.years,
  oldtimerFlat: oldtimer.value.flat,
  /** Energy coefficient C of combustion cars and of hybrids (HEV and PHEV). */
  combustionCoefficient: energy.value.combustion,
  hybridCoefficient: energy.value.hybrid,
  sources: {
    formula: energy.sources[0],
    referenceValues: references.sources[0],
    age: ageFloor.sources[0],
    clamp: bounds.sources[0],
    ev: zeroEmission.sources[0],
    oldtimer: oldtimer.sources[0],
  },
} as const;

/**
 * C of battery-electric and hydrogen cars by kW (2025 amendment). 121–155 kW → 0.10 is confirmed
 * (FEBIAC, VW ID.4 example); the other classes and the 155/250 kW borders come from secondary
 * sources only (open-questions §3a, M-).
 */
export const ZERO_EMISSION_COEFFICIENT: readonly {
  readonly maxKilowatt: number;
  readonly coefficient: number;
  readonly provisional: boolean;
}[] = zeroEmission.value.map((band) => ({ ...band, maxKilowatt: openBound(band.maxKilowatt) }));

/**
 * Indexation of the reform's base amounts by index window (the 50 € floor and, by assumption, the
 * 9,000 € ceiling stay unindexed). 2026-27 ≈ 1.0408: FEBIAC results of seven cars are exactly the
 * unindexed formula × 1.0408 (open-questions §3b, M).
 */
export const walloonReformIndexation = parameter<number>("wallonia.tmc.reformIndexation");
