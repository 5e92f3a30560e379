/**
 * Flemish annual road tax (jaarlijkse verkeersbelasting) of cars not registered to a leasing
 * company and registered after 31 Dec 2015: the "green" formula of VCF art. 2.2.4.0.1 §2/1–§2/2:
 *   tax = max(T(HP) × (1 + CO2corr + EUROcorr), MIN) × 1.10
 * with T(HP) the scale before the opdeciem (road-tax-tables.ts) and MIN in flanders-index.ts.
 */
import { citing } from "../parameter-table";
import { parameter } from "../parameters";
import type { FlemishEuroClass } from "./euro-class";
import { REGIONAL_SOURCES as S } from "./sources";

export const GREEN_ROAD_TAX = {
  /** Registrations from this day follow the green formula (earlier ones the plain scale). */
  from: "2016-01-01",
  /** Reference CO2: 122 g NEDC (first registered ≤ 31 Dec 2020), 149 g WLTP (after). */
  referenceCo2: { NEDC: 122, WLTP: 149 },
  /** 0.3 % per gram above or below the reference, CO2 taken within [24, 500]. */
  percentPerGram: 0.3,
  co2Floor: 24,
  /** Below this CO2 the codex floor (24 g) and the simulator model's floor (35 g) disagree. */
  co2FloorDisputedUpTo: 35,
  co2Ceiling: 500,
  /** LPG cars: the green tax is lowered by 100 € (1 July 2015 level) × K, rounded down to 0.12 €. */
  lpgReductionBase: 100,
  sources: citing({ formula: S.vcf, rounding: S.takscheck, lpg: S.vcf }),
} as const;

/** Euro correction (percent), petrol & others vs diesel (VCF art. 2.2.4.0.1 §2/1). */
export const EURO_CORRECTION: Readonly<
  Record<"diesel" | "petrol", Readonly<Record<FlemishEuroClass, number>>>
> = {
  petrol: {
    euro0: 30,
    euro1: 10,
    euro2: 5,
    euro3: 0,
    euro3Dpf: 0,
    euro4: -12.5,
    euro4Dpf: -12.5,
    euro5: -15,
    euro6: -15,
  },
  diesel: {
    euro0: 50,
    euro1: 40,
    euro2: 35,
    euro3: 30,
    euro3Dpf: 25,
    euro4: 25,
    euro4Dpf: 17.5,
    euro5: 17.5,
    euro6: 15,
  },
};

/**
 * Battery-electric and hydrogen cars: exempt when registered up to 31 Dec 2025 (VCF art.
 * 2.2.6.0.6); registered later, a flat amount before the opdeciem for leasing and other owners
 * alike (art. 2.2.4.0.1 §9): 93.60 at the 1 July 2025 level, indexed from 1 July 2026.
 */
export const ROAD_TAX_ZERO_EMISSION_EXEMPT_UNTIL = "2025-12-31";

export const roadTaxZeroEmissionFlat = parameter<number>("flanders.roadTax.zeroEmissionFlat");
