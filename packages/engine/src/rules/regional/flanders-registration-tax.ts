/**
 * Flemish registration tax (belasting op de inverkeerstelling, BIV) of cars not registered to a
 * leasing company: VCF art. 2.3.4.1.2 (NEDC branch) and 2.3.4.1.2/1 (WLTP branch).
 *   NEDC: BIV = (((CO2 × f + x) / 246)^6 × 4500 + c) × LC
 *   WLTP: BIV = (((CO2 × f × q) / 246)^6 × 4500 + c) × LC
 * then bounded by the indexed minimum and maximum (art. 2.3.4.1.3).
 */
import type { FuelType } from "../../enums";
import { constantRow, openBound, parameter } from "../parameters";
import type { FlemishEuroClass } from "./euro-class";

const formula = constantRow<{
  readonly divisor: number;
  readonly power: number;
  readonly factor: number;
  /** Cars first registered up to this day are on the NEDC branch (VCF art. 2.3.4.1.2). */
  readonly nedcBranchUntil: string;
  /** Cars first put into circulation at least this many years ago pay the minimum (oldtimers). */
  readonly oldtimerYears: number;
}>("flanders.biv.formula");
/** The simulator rounds the quotient to 6 decimals before the power (regional note §9). */
const quotientDecimals = constantRow<number>("flanders.biv.quotientDecimals");
export const BIV_FORMULA = {
  ...formula.value,
  quotientDecimals: quotientDecimals.value,
  sources: { formula: formula.sources[0], rounding: quotientDecimals.sources[0] },
} as const;

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
 * Battery-electric and hydrogen cars: exempt when registered up to 31 Dec 2025 (VCF art.
 * 2.3.6.0.2; since 1 July 2020 also for leasing companies), a flat 61.50 from 1 Jan 2026
 * (art. 2.3.4.1.1 2nd para; art. 2.3.4.2.1 §4 for leasing), not in the indexation list.
 */
const zeroEmission = constantRow<{
  readonly exemptUntil: string;
  readonly orderedBefore: string;
  readonly filedBefore: string;
}>("flanders.zeroEmission");
export const BIV_ZERO_EMISSION_EXEMPT_UNTIL = zeroEmission.value.exemptUntil;

/**
 * The transition of the decree that ended the exemption (VCF art. 2.3.6.0.2 for the BIV, art.
 * 2.2.6.0.6 for the road tax): a battery-electric or hydrogen car registered from 1 Jan 2026 stays
 * exempt when it was ordered before 6 Oct 2025 and the order form, with the Flemish tax service's
 * form, was filed before 15 Jan 2026. The engine knows the order date, not the filing: the line
 * states the filing condition. Settled by the consolidated codex (open-questions-resolved.md, H).
 */
export const FLEMISH_ZERO_EMISSION_TRANSITION = {
  /** Ordered on or before the day before this date. */
  orderedBefore: zeroEmission.value.orderedBefore,
  /** The order form and the administration's form filed before this date (the transition's end). */
  filedBefore: zeroEmission.value.filedBefore,
  articles: { registrationTax: "2.3.6.0.2", roadTax: "2.2.6.0.6" }, // not law: article numbers
  source: zeroEmission.sources[0],
} as const;

export const bivZeroEmissionFlat = parameter<number>("flanders.biv.zeroEmissionFlat");
