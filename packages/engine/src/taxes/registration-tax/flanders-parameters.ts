/**
 * Flemish registration tax (belasting op de inverkeerstelling, BIV) of cars not registered to a
 * leasing company: VCF art. 2.3.4.1.2 (NEDC branch) and 2.3.4.1.2/1 (WLTP branch).
 *   NEDC: BIV = (((CO2 × f + x) / 246)^6 × 4500 + c) × LC
 *   WLTP: BIV = (((CO2 × f × q) / 246)^6 × 4500 + c) × LC
 * then bounded by the indexed minimum and maximum (art. 2.3.4.1.3).
 */
import type { FuelType } from "../../core/enums";
import { constantRow, openBound, parameter } from "../../law/parameters";
import type { FlemishEuroClass } from "../regional-shared/euro-class";

/** Fuel factor f (VCF art. 2.3.4.1.2/1): LPG 0.88, natural gas 0.93, all other fuels 1. */
export const BIV_FUEL_FACTOR: Partial<Record<FuelType, number>> =
  constantRow<Partial<Record<FuelType, number>>>("flanders.biv.fuelFactor").value;

/** x (NEDC branch), by calendar year of the taxable registration: +4.5 g a year from 2013. */
export const bivX = parameter<number>("flanders.biv.x");

/** q (WLTP branch), by calendar year of the taxable registration: 1.07 in 2021, +0.035 a year. */
export const bivQ = parameter<number>("flanders.biv.q");

/**
 * Air component c at the 1 July 2015 level (VCF art. 2.3.4.1.2/1 4°), indexed as round2(base × K).
 * A Euro 3/4 diesel with a particle filter takes the next better row; for petrol the filter rows
 * do not exist and the plain row applies.
 */
const airComponent = constantRow<
  Readonly<Record<"diesel" | "petrol", Readonly<Record<FlemishEuroClass, number>>>>
>("flanders.biv.airComponentBase");
export const AIR_COMPONENT_BASE = airComponent.value;
export const AIR_COMPONENT_SOURCE = airComponent.sources[0];

/** Age correction LC by full months since the first registration (VCF art. 2.3.4.1.2/1 5°). */
export const BIV_AGE_CORRECTION: readonly { readonly belowMonths: number; readonly percent: number }[] =
  constantRow<readonly { belowMonths: number | null; percent: number }[]>(
    "flanders.biv.ageCorrection",
  ).value.map((band) => ({ belowMonths: openBound(band.belowMonths), percent: band.percent }));

/**
 * Battery-electric and hydrogen cars registered from 1 Jan 2026: a flat 61.50 (art. 2.3.4.1.1 2nd
 * para; art. 2.3.4.2.1 §4 for leasing), not in the indexation list. Their exemption before, and its
 * transition, are in regional-shared/flanders-zero-emission-parameters.ts.
 */
export const bivZeroEmissionFlat = parameter<number>("flanders.biv.zeroEmissionFlat");
