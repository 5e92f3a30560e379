/**
 * Walloon registration tax (taxe de mise en circulation).
 * Until 30 June 2025: the power table (power-table.ts) plus the eco-malus by CO2, EVs a flat 61.50.
 * From 1 July 2025 (decree of 7 Sept 2023, amended 28 May 2025), for every owner except leasing
 * companies: TMC = MB(kW) × age % × (CO2 / X) × (MMA / Y) × C, bounded to [50, 9,000].
 */
import type { IsoDate } from "../../iso-date";
import { citing } from "../parameter-table";
import { parameter } from "../parameters";
import { REGIONAL_SOURCES as S } from "./sources";

export const WALLOON_REFORM_FROM: IsoDate = "2025-07-01";

/** Eco-malus by CO2 (g/km), added to the TMC of non-leasing owners until 30 June 2025. */
export const ECO_MALUS: readonly { readonly maxCo2: number; readonly amount: number }[] = [
  { maxCo2: 145, amount: 0 },
  { maxCo2: 155, amount: 100 },
  { maxCo2: 165, amount: 175 },
  { maxCo2: 175, amount: 250 },
  { maxCo2: 185, amount: 375 },
  { maxCo2: 195, amount: 500 },
  { maxCo2: 205, amount: 600 },
  { maxCo2: 215, amount: 700 },
  { maxCo2: 225, amount: 1000 },
  { maxCo2: 235, amount: 1200 },
  { maxCo2: 245, amount: 1500 },
  { maxCo2: 255, amount: 2000 },
  { maxCo2: Number.POSITIVE_INFINITY, amount: 2500 },
];
export const ECO_MALUS_SOURCES = [S.ecoMalus, S.sysbo, S.ecoMalusLegalPersons] as const;

/** Constants of the reform formula. */
export const WALLOON_REFORM = {
  /** X: reference CO2 by the cycle of the figure. */
  referenceCo2: { WLTP: 136, NEDC: 115 },
  /** Y: reference maximum authorised mass, kg. */
  referenceMass: 1838,
  minimum: 50,
  maximum: 9000,
  /** The base amount after the age reduction is not below 61.50; from 15 years it is 61.50. */
  minimumBaseAmount: 61.5,
  /** Cars first put into circulation 30 years ago or more pay a flat amount instead of the formula. */
  oldtimerYears: 30,
  oldtimerFlat: 61.5,
  /** Energy coefficient C of combustion cars and of hybrids (HEV and PHEV). */
  combustionCoefficient: 1,
  hybridCoefficient: 0.8,
  sources: citing({
    formula: S.walloonReform,
    referenceValues: S.walloonReformX,
    age: S.walloonReformAge,
    clamp: S.walloonReformClamp,
    ev: S.walloonReformEv,
    oldtimer:
      "https://moniteurautomobile.be/actu-auto/budget/nouvelle-fiscalite-wallonne-ancetres-25-30-ans.html",
  }),
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
}[] = [
  { maxKilowatt: 120, coefficient: 0.01, provisional: true },
  { maxKilowatt: 155, coefficient: 0.1, provisional: false },
  { maxKilowatt: 249.999, coefficient: 0.18, provisional: true },
  { maxKilowatt: Number.POSITIVE_INFINITY, coefficient: 0.26, provisional: true },
];

/**
 * Indexation of the reform's base amounts by index window (the 50 € floor and, by assumption, the
 * 9,000 € ceiling stay unindexed). 2026-27 ≈ 1.0408: FEBIAC results of seven cars are exactly the
 * unindexed formula × 1.0408 (open-questions §3b, M).
 */
export const walloonReformIndexation = parameter<number>("wallonia.tmc.reformIndexation");
