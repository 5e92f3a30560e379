/**
 * The Flemish zero-emission exemption and its transition, read by the registration tax (VCF art.
 * 2.3.6.0.2) and the annual road tax (art. 2.2.6.0.6) alike: one parameter file,
 * `flanders.zeroEmission`.
 */
import { constantRow } from "../../law/parameters";

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
