/**
 * Deductibility of car costs (aftrekbaarheid autokosten / déductibilité des frais de voiture):
 * art. 66 and 198bis WIB 92, as amended by the law of 25/11/2021 ("greening" of company cars) and,
 * for personal-income-tax taxpayers, the law of 18/12/2025 (art. 23–29; circular 2026/C/11).
 */
import { citing, resolveSources } from "../parameter-table";
import { parameter } from "../parameters";

/** The gram formula: 120 % − 0.5 % × fuel coefficient × CO2, bounded. */
export const DEDUCTION_FORMULA = {
  start: 120,
  perGram: 0.5,
  max: 100,
  floor: 50,
  /** Flat percentage when CO2 ≥ 200 g/km or unknown, under the floor regime. */
  highCo2Percent: 40,
  highCo2From: 200,
  coefficient: { diesel: 1, petrol: 0.95, naturalGasUnder12Hp: 0.9 },
  /** Cars acquired before 2018 by a sole proprietor keep at least 75 % (transitional rule of 2018). */
  grandfatheredBefore2018Min: 75,
  sources: citing({
    formula:
      "https://news.pwc.be/nedc-vs-nedc-2-0-vs-wltp-new-updated-faqs-regarding-the-percentage-of-deduction-of-professional-car-expenses-and-calculation-of-the-bik-for-employees/",
    coefficients: "https://www.freelancenetwork.be/nl/blog/de-nieuwe-autofiscaliteit-vanaf-1-januari-2020",
    grandfathered: "https://feniksaccountants.be/fr/frais-de-voiture-a-partir-de-2018",
  }),
} as const;

/** Regime boundaries by order (acquisition) date. */
export const DEDUCTION_REGIMES = {
  /** Before this: regime A (formula with floor, for the life of the car). */
  phaseOutFrom: "2023-07-01",
  /** From this: regime C (CO2-emitting cars 0 %). */
  fossilZeroFrom: "2026-01-01",
  /** PHEVs ordered from this date: fossil fuel deductible at 50 % at most (law of 25/11/2021)… */
  pluginHybridFuelCapFrom: "2023-01-01",
  /** …until this income year (the law's last year of the cap). */
  pluginHybridFuelCapUntilYear: 2026,
  /** Sole proprietors' cars acquired before this date keep the 75 % minimum (2018 transitional rule). */
  grandfatheredBefore: "2018-01-01",
  sources: citing({
    regimes: "https://fiskaplus.be/2022/12/14/3979/",
    zeroEmission:
      "https://www.fiscusonweb.be/vennootschapsbelasting/autofiscaliteit-in-de-vennootschapsbelasting/aftrekbaarheid-elektrische-wagens",
  }),
} as const;

/**
 * Regime B (CO2-emitting cars ordered 1/7/2023 – 31/12/2025): ceiling by taxable period. `null`
 * means the ordinary formula with its floor still applies (2023, 2024).
 */
export const phaseOutCeiling = parameter<number | null>("deduction.phaseOutCeiling");

/** Zero-emission cars: deduction fixed by the year of the order, for the life of the car. */
export const zeroEmissionByOrderYear = parameter<number>("deduction.zeroEmissionByOrderYear");

const PIT_PHEV_SOURCES = [
  "https://blog.forumforthefuture.be/nl/article/circulaire-2026c11-over-de-aftrek-van-de-beroepskosten-van-oplaadbare-hybridevoertuigen/29831",
  "https://www.keycar.be/de-fiscale-revival-van-de-plug-in-hybride",
  "https://www.egear.be/valse-hybride-75/",
];

/**
 * Personal income tax, plug-in hybrids ordered from 1 Jan 2026 that are not fake hybrids (law of
 * 18/12/2025): 120 % − 0.5 % × CO2 with no fuel coefficient, capped at the zero-emission % of the
 * order year when CO2 ≤ 50 g/km, and at the cap below for 51–75 g/km (Euro 6e-bis). The circular's
 * annex table was not seen, so every value is provisional; caps for 51–75 g/km after 2027 orders
 * were not found and are absent.
 */
export const pitPluginHybridCap51to75 = parameter<number>("deduction.pitPluginHybridCap51to75");

export const PIT_PHEV_RULES = {
  orderedFrom: "2026-01-01",
  lowCo2Max: 50,
  midCo2Max: 75,
  sources: resolveSources(PIT_PHEV_SOURCES),
} as const;
