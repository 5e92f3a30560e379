/**
 * CO2 solidarity contribution of the employer (solidariteitsbijdrage / cotisation de solidarité),
 * art. 38 §3quater of the law of 29/6/1981, as amended by the law of 25/11/2021 for cars ordered
 * from 1 July 2023. Collected by the RSZ/ONSS per month.
 */
import { citing } from "../parameter-table";
import { parameter } from "../parameters";

/** Health index of September of the previous year; i = index / 114.08, used as an exact fraction. */
export const healthIndexSeptember = parameter<number>("co2Contribution.healthIndex");

/** The denominator of the index coefficient: the health index of the base period. */
export const HEALTH_INDEX_BASE = 114.08;

/**
 * Monthly formula constants: ((CO2 × 9) − constant) / 12 × i. The statute names petrol, diesel and
 * LPG; natural gas (CNG) takes the LPG constant in practice (no source uses the petrol one), which
 * is why CNG results are provisional.
 */
export const CO2_CONTRIBUTION_CONSTANTS = {
  gramFactor: 9,
  months: 12,
  petrol: 768,
  diesel: 600,
  lpg: 990,
  /** CO2 unknown: petrol family 182 g/km, diesel 165 g/km. */
  unknownCo2: { petrol: 182, diesel: 165 },
  sources: citing({
    formula:
      "https://www.socialsecurity.be/employer/instructions/dmfappl/nl/2017-4/instructions/special_contributions/companycar/calculationmethod.html",
    cng: "https://www.groups.be/1_42836.htm?rdeLocaleAttr=fr",
    unknownCo2: "https://acerta.be/nl/inspiratie/co2-bijdrage-bedrijfswagen-v2",
  }),
} as const;

/** Cars ordered before this date keep the old regime (no multiplier, old minimum). */
export const NEW_REGIME_ORDER_DATE = "2023-07-01";

/** Non-indexed monthly minimum of cars ordered before 1 July 2023 (and before 2023 of every car). */
export const minimumBaseOld = parameter<number>("co2Contribution.minimumBase");

/** Non-indexed monthly minimum of every car ordered from 1 July 2023, zero-emission included. */
export const minimumBaseNew = parameter<number>("co2Contribution.minimumBaseOrderedFromJuly2023");

/** Multiplier of the formula result for CO2-emitting cars ordered from 1 July 2023. */
export const multiplierNew = parameter<number>("co2Contribution.multiplierOrderedFromJuly2023");
