/**
 * Flemish registration tax (belasting op de inverkeerstelling, BIV) of cars not registered to a
 * leasing company: VCF art. 2.3.4.1.2 (NEDC branch) and 2.3.4.1.2/1 (WLTP branch).
 *   NEDC: BIV = (((CO2 × f + x) / 246)^6 × 4500 + c) × LC
 *   WLTP: BIV = (((CO2 × f × q) / 246)^6 × 4500 + c) × LC
 * then bounded by the indexed minimum and maximum (art. 2.3.4.1.3).
 */
import type { FuelType } from "../../enums";
import { citing } from "../parameter-table";
import { parameter } from "../parameters";
import type { FlemishEuroClass } from "./euro-class";
import { REGIONAL_SOURCES as S } from "./sources";

export const BIV_FORMULA = {
  divisor: 246,
  power: 6,
  factor: 4500,
  /** The simulator rounds the quotient to 6 decimals before the power (regional note §9). */
  quotientDecimals: 6,
  /** Cars first registered up to this day are on the NEDC branch (VCF art. 2.3.4.1.2). */
  nedcBranchUntil: "2020-12-31",
  /** Cars first put into circulation at least this many years ago pay the minimum (oldtimers). */
  oldtimerYears: 30,
  sources: citing({ formula: S.vcf, rounding: S.takscheck }),
} as const;

/** Fuel factor f (VCF art. 2.3.4.1.2/1): LPG 0.88, natural gas 0.93, all other fuels 1. */
export const BIV_FUEL_FACTOR: Partial<Record<FuelType, number>> = { LPG: 0.88, NaturalGas: 0.93 };

/** x (NEDC branch), by calendar year of the taxable registration: +4.5 g a year from 2013. */
export const bivX = parameter<number>("flanders.biv.x");

/** q (WLTP branch), by calendar year of the taxable registration: 1.07 in 2021, +0.035 a year. */
export const bivQ = parameter<number>("flanders.biv.q");

/**
 * Air component c at the 1 July 2015 level (VCF art. 2.3.4.1.2/1 4°), indexed as round2(base × K).
 * A Euro 3/4 diesel with a particle filter takes the next better row; for petrol the filter rows
 * do not exist and the plain row applies.
 */
export const AIR_COMPONENT_BASE: Readonly<
  Record<"diesel" | "petrol", Readonly<Record<FlemishEuroClass, number>>>
> = {
  diesel: {
    euro0: 2863.15,
    euro1: 840,
    euro2: 622.57,
    euro3: 493.36,
    euro3Dpf: 467.06,
    euro4: 467.06,
    euro4Dpf: 459.35,
    euro5: 459.35,
    euro6: 454.07,
  },
  petrol: {
    // Petrol Euro 0 is garbled in the codex copy; 1,138.78 reproduces the 2017 value and the 2025 simulator.
    euro0: 1138.78,
    euro1: 509.28,
    euro2: 152.29,
    euro3: 95.53,
    euro3Dpf: 95.53,
    euro4: 22.93,
    euro4Dpf: 22.93,
    euro5: 20.61,
    euro6: 20.61,
  },
};
export const AIR_COMPONENT_SOURCE = S.vcf;

/** Age correction LC by full months since the first registration (VCF art. 2.3.4.1.2/1 5°). */
export const BIV_AGE_CORRECTION: readonly { readonly belowMonths: number; readonly percent: number }[] = [
  { belowMonths: 12, percent: 100 },
  { belowMonths: 24, percent: 90 },
  { belowMonths: 36, percent: 80 },
  { belowMonths: 48, percent: 70 },
  { belowMonths: 60, percent: 60 },
  { belowMonths: 72, percent: 50 },
  { belowMonths: 84, percent: 40 },
  { belowMonths: 96, percent: 30 },
  { belowMonths: 108, percent: 20 },
  { belowMonths: Number.POSITIVE_INFINITY, percent: 10 },
];

/**
 * Battery-electric and hydrogen cars: exempt when registered up to 31 Dec 2025 (VCF art.
 * 2.3.6.0.2; since 1 July 2020 also for leasing companies), a flat 61.50 from 1 Jan 2026
 * (art. 2.3.4.1.1 2nd para; art. 2.3.4.2.1 §4 for leasing), not in the indexation list.
 */
export const BIV_ZERO_EMISSION_EXEMPT_UNTIL = "2025-12-31";

/**
 * The transition of the decree that ended the exemption (VCF art. 2.3.6.0.2 for the BIV, art.
 * 2.2.6.0.6 for the road tax): a battery-electric or hydrogen car registered from 1 Jan 2026 stays
 * exempt when it was ordered before 6 Oct 2025 and the order form, with the Flemish tax service's
 * form, was filed before 15 Jan 2026. The engine knows the order date, not the filing: the line
 * states the filing condition. Settled by the consolidated codex (open-questions-resolved.md, H).
 */
export const FLEMISH_ZERO_EMISSION_TRANSITION = {
  /** Ordered on or before the day before this date. */
  orderedBefore: "2025-10-06",
  /** The order form and the administration's form filed before this date (the transition's end). */
  filedBefore: "2026-01-15",
  articles: { registrationTax: "2.3.6.0.2", roadTax: "2.2.6.0.6" },
  source: S.vcf,
} as const;

export const bivZeroEmissionFlat = parameter<number>("flanders.biv.zeroEmissionFlat");
