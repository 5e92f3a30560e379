import type { FuelType } from "../core/enums";
import type { IsoDate } from "../core/iso-date";
import type { CarDetailInput } from "./calculation-input";

/** Fuel families as the federal texts group them (reference CO2, fuel coefficients). */
export type FuelFamily = "diesel" | "petrol" | "zeroEmission";

/** The fuel family the law's formulas use: diesel, petrol (and alike) or zero-emission. */
export function fuelFamily(fuel: FuelType): FuelFamily {
  // Comparisons, not Set look-ups: this runs several times per line.
  if (fuel === "Electric" || fuel === "Hydrogen") return "zeroEmission";
  return fuel === "Diesel" || fuel === "HybridDiesel" || fuel === "PluginHybridDiesel" ? "diesel" : "petrol";
}

/** Whether the fuel is zero-emission (electric or hydrogen). */
export const isZeroEmission = (fuel: FuelType): boolean => fuel === "Electric" || fuel === "Hydrogen";

/** Whether the fuel is a plug-in hybrid (diesel or petrol). */
export const isPluginHybrid = (fuel: FuelType): boolean =>
  fuel === "PluginHybridDiesel" || fuel === "PluginHybridPetrol";

export const isHybrid = (fuel: FuelType): boolean =>
  isPluginHybrid(fuel) || fuel === "HybridDiesel" || fuel === "HybridPetrol";

/** Fuels whose engine capacity the spec requires (every fuel with a combustion engine). */
export const needsCapacity = (fuel: FuelType): boolean => !isZeroEmission(fuel);

export type Co2Cycle = "NEDC" | "WLTP";

export interface Co2Figure {
  readonly value: number;
  readonly cycle: Co2Cycle;
}

const usable = (value: number | null | undefined): value is number => typeof value === "number" && value > 0;

/**
 * The CO2 figure of the federal taxes (BIK, deduction, CO2 contribution): NEDC when only NEDC is
 * known, WLTP when only WLTP is known, the lower when both are (the taxpayer may choose; FPS Finance
 * and RSZ apply the same rule since 1 Jan 2021). Undefined: CO2 unknown.
 * Sources: https://www.leaseplan.com/fr-be/atn-2021-2022/ ;
 * https://www.partena-professional.be/en/knowledge-center/infoflashes/co2-emission-rate-company-vehicles-2021
 */
export function federalCo2(car: CarDetailInput): Co2Figure | undefined {
  if (typeof car !== "object" || car === null) return undefined;
  const nedc = usable(car.nedC2) ? car.nedC2 : undefined;
  const wltp = usable(car.wltp) ? car.wltp : undefined;
  if (nedc !== undefined && wltp !== undefined) {
    return wltp < nedc ? { value: wltp, cycle: "WLTP" } : { value: nedc, cycle: "NEDC" };
  }
  if (nedc !== undefined) return { value: nedc, cycle: "NEDC" };
  if (wltp !== undefined) return { value: wltp, cycle: "WLTP" };
  return undefined;
}

/** The CO2 of the comparable non-hybrid car in the given cycle, when the caller supplied it. */
export function nonHybridCo2(car: CarDetailInput, cycle: Co2Cycle): number | undefined {
  const value = cycle === "NEDC" ? car.nedC2NonHybrid : car.wltpNonHybrid;
  return usable(value) ? value : undefined;
}

/**
 * The equivalent non-hybrid car's CO2 and the cycle it is measured in, with the hybrid's own figure
 * in that cycle (null when the hybrid has none there).
 */
export interface EquivalentPair {
  readonly cycle: Co2Cycle;
  readonly own: number | null;
  readonly equivalent: number;
}

/**
 * The equivalent car's CO2 that replaces a fake hybrid's: in a cycle where the hybrid's own figure
 * is known too (both such cycles: the one the conventions choose for the own figure, `preferred`);
 * else in the cycle where it alone is known. The law falls back to own CO2 × 2.5 only when no
 * equivalent car is known at all (docs/engine-conventions.md).
 */
export function equivalentPair(car: CarDetailInput, preferred: Co2Cycle): EquivalentPair | undefined {
  const other: Co2Cycle = preferred === "NEDC" ? "WLTP" : "NEDC";
  const inCycle = (cycle: Co2Cycle): EquivalentPair | undefined => {
    const equivalent = nonHybridCo2(car, cycle);
    if (equivalent === undefined) return undefined;
    const own = cycle === "NEDC" ? car.nedC2 : car.wltp;
    return { cycle, own: usable(own) ? own : null, equivalent };
  };
  const paired = [inCycle(preferred), inCycle(other)].filter((p) => p !== undefined);
  return paired.find((p) => p.own !== null) ?? paired[0];
}

/** First registration anywhere; a car without one is new, first registered on the registration date. */
export function firstRegistrationOf(car: CarDetailInput, registrationDate: IsoDate): IsoDate {
  return car.firstRegistration ?? registrationDate;
}

/**
 * Euro 6e-bis is not in the EuroStandard enumeration. Rule (docs/engine-conventions.md): Euro7, or
 * Euro6 first registered from 1 Jan 2026, when every new M1 car must meet Euro 6e-bis
 * (Regulation (EU) 2023/443 amending 2017/1151). An explicit `euro6eBis` on the car wins.
 */
export function isEuro6eBis(car: CarDetailInput, registrationDate: IsoDate): boolean {
  if (typeof car !== "object" || car === null || typeof registrationDate !== "string") return false;
  if (typeof car.firstRegistration !== "string" && car.firstRegistration != null) return false;
  if (typeof car.euro6eBis === "boolean") return car.euro6eBis;
  if (car.euroStandard === "Euro7") return true;
  return car.euroStandard === "Euro6" && firstRegistrationOf(car, registrationDate) >= "2026-01-01";
}
