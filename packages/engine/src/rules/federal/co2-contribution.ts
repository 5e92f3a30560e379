/**
 * CO2 solidarity contribution of the employer (solidariteitsbijdrage / cotisation de solidarité),
 * art. 38 §3quater of the law of 29/6/1981, as amended by the law of 25/11/2021 for cars ordered
 * from 1 July 2023. Collected by the RSZ/ONSS per month.
 */
import { citing, incomeYear, parameterTable } from "../parameter-table";

/** Health index of September of the previous year; i = index / 114.08, used as an exact fraction. */
export const healthIndexSeptember = parameterTable<number>({
  id: "co2Contribution.healthIndex",
  description: "Health index of September of the previous year (the numerator of the index coefficient)",
  unit: "points (base 2013 = 100)",
  lastChecked: "2026-11-22",
  rows: [
    incomeYear(2021, 150.84, [
      "https://www.securex.be/nl/lex4you/werkgever/themas/verlonen/bedrijfswagen/bedrijfswagen-berekening-van-de-solidariteitsbijdrage-voor-de-rsz",
    ]),
    incomeYear(2022, 154.29, [
      "https://www.securex.be/nl/lex4you/werkgever/themas/verlonen/bedrijfswagen/bedrijfswagen-berekening-van-de-solidariteitsbijdrage-voor-de-rsz",
    ]),
    incomeYear(2023, 171.64, [
      "https://www.groups.be/fr/actualites/articles-juridiques/cotisation-de-solidarite-onss-et-voiture-de-societe-montant-2023",
    ]),
    incomeYear(2024, 175.21, ["https://acerta.be/nl/inspiratie/co2-bijdrage-bedrijfswagen-v2"]),
    incomeYear(2025, 181.93, [
      "https://securex.be/fr/lex4you/employeur/actualites/voiture-de-societe-la-cotisation-de-solidarite-pour-2025-est-connue?activecategory=181",
    ]),
    incomeYear(
      2026,
      185.85,
      [
        "https://easypay-group.com/fr_BE/connaissance/flashes-info/detail/Vehicules-de-societe---ONSS-%3A-la-cotisation-Co2-au-1er-janvier-2026?id=10760",
      ],
      {
        provisional: true,
        note: "Published 'sous réserve de confirmation par l'ONSS' (Easypay), repeated by Degand & Partners; no RSZ/ONSS publication seen. Gives the 33.93 minimum also quoted by Van Mossel.",
      },
    ),
  ],
});

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

const LAW_2021 =
  "https://www.partena-professional.be/nl/knowledge-center/infoflashes/rsz-sterke-verhoging-van-de-co2-bijdrage-vanaf-1-juli-2023";

/** Non-indexed monthly minimum of cars ordered before 1 July 2023 (and before 2023 of every car). */
export const minimumBaseOld = parameterTable<number>({
  id: "co2Contribution.minimumBase",
  description: "Non-indexed monthly minimum (× i)",
  unit: "EUR/month",
  lastChecked: "2026-11-22",
  rows: [
    { from: "2021-01-01", until: null, value: 20.83, sources: [CO2_CONTRIBUTION_CONSTANTS.sources.formula] },
  ],
});

/** Non-indexed monthly minimum of every car ordered from 1 July 2023, zero-emission included. */
export const minimumBaseNew = parameterTable<number>({
  id: "co2Contribution.minimumBaseOrderedFromJuly2023",
  description: "Non-indexed monthly minimum (× i) for cars ordered from 1 July 2023 (law of 25/11/2021)",
  unit: "EUR/month",
  lastChecked: "2026-11-22",
  rows: [
    { from: "2023-01-01", until: "2024-12-31", value: 20.83, sources: [LAW_2021] },
    incomeYear(2025, 23.41, [
      LAW_2021,
      "https://carcostadvisor.com/fr/blog/cotisation-co%e2%82%82-2025-quest-ce-que-cela-signifie-pour-votre-flotte",
    ]),
    incomeYear(2026, 25.99, [LAW_2021]),
    incomeYear(2027, 28.57, [LAW_2021]),
    { from: "2028-01-01", until: null, value: 31.15, sources: [LAW_2021] },
  ],
});

/** Multiplier of the formula result for CO2-emitting cars ordered from 1 July 2023. */
export const multiplierNew = parameterTable<number>({
  id: "co2Contribution.multiplierOrderedFromJuly2023",
  description:
    "Multiplier of the contribution of CO2-emitting cars ordered from 1 July 2023 (law of 25/11/2021)",
  unit: "factor",
  lastChecked: "2026-11-22",
  rows: [
    {
      from: "2023-01-01",
      until: "2024-12-31",
      value: 2.25,
      sources: [
        LAW_2021,
        "https://link2fleet.be/fr/contribution-co2-des-augmentations-de-225-possibles-pour-les-vehicules-commandes-apres-le-1er-juillet-2023/",
      ],
    },
    incomeYear(2025, 2.75, [
      LAW_2021,
      "https://link2fleet.be/fr/berekening-co2-bijdrage-2025-een-cumul-van-meerdere-stijgingen",
    ]),
    incomeYear(2026, 4, [
      LAW_2021,
      "https://www.vanmossel.be/fr/autolease/nieuws/hoeveel-zal-de-co-bijdrage-op-bedrijfswagens-kosten-in-2026",
    ]),
    { from: "2027-01-01", until: null, value: 5.5, sources: [LAW_2021] },
  ],
});
