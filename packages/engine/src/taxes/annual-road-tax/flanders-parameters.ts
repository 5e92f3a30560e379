/**
 * Flemish annual road tax (jaarlijkse verkeersbelasting) of cars not registered to a leasing
 * company and registered after 31 Dec 2015: the "green" formula of VCF art. 2.2.4.0.1 §2/1–§2/2:
 *   tax = max(T(HP) × (1 + CO2corr + EUROcorr), MIN) × 1.10
 * with T(HP) the scale before the opdeciem (scale-parameters.ts) and MIN in
 * regional-shared/flanders-index.ts.
 */
import { constantRow, parameter } from "../../law/parameters";
import { sourceOf } from "../../law/source";
import type { FlemishEuroClass } from "../regional-shared/euro-class";

// The simulator whose practice the rounding follows (a citation, not a number of law).
const S_TAKSCHECK = "https://github.com/Proxem-AI/takscheck";

const green = constantRow<{
  /** Registrations from this day follow the green formula (earlier ones the plain scale). */
  readonly from: string;
  /** Reference CO2: 122 g NEDC (first registered ≤ 31 Dec 2020), 149 g WLTP (after). */
  readonly referenceCo2: { readonly NEDC: number; readonly WLTP: number };
  /** 0.3 % per gram above or below the reference, CO2 taken within [24, 500]. */
  readonly percentPerGram: number;
  readonly co2Floor: number;
  /** Below this CO2 the codex floor (24 g) and the simulator model's floor (35 g) disagree. */
  readonly co2FloorDisputedUpTo: number;
  readonly co2Ceiling: number;
  /** LPG cars: the green tax is lowered by 100 € (1 July 2015 level) × K, rounded down to 0.12 €. */
  readonly lpgReductionBase: number;
}>("flanders.roadTax.greenFormula");
export const GREEN_ROAD_TAX = {
  ...green.value,
  sources: { formula: green.sources[0], rounding: sourceOf(S_TAKSCHECK), lpg: green.sources[0] },
} as const;

/** Euro correction (percent), petrol & others vs diesel (VCF art. 2.2.4.0.1 §2/1). */
export const EURO_CORRECTION = constantRow<
  Readonly<Record<"diesel" | "petrol", Readonly<Record<FlemishEuroClass, number>>>>
>("flanders.roadTax.euroCorrection").value;

/**
 * Battery-electric and hydrogen cars: exempt when registered up to 31 Dec 2025 (VCF art.
 * 2.2.6.0.6); registered later, a flat amount before the opdeciem for leasing and other owners
 * alike (art. 2.2.4.0.1 §9): 93.60 at the 1 July 2025 level, indexed from 1 July 2026.
 */
export const ROAD_TAX_ZERO_EMISSION_EXEMPT_UNTIL = constantRow<{ readonly exemptUntil: string }>(
  "flanders.zeroEmission",
).value.exemptUntil;

export const roadTaxZeroEmissionFlat = parameter<number>("flanders.roadTax.zeroEmissionFlat");
