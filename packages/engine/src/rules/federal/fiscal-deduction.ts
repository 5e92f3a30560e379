/**
 * Deductibility of car costs (aftrekbaarheid autokosten / déductibilité des frais de voiture):
 * art. 66 and 198bis WIB 92, as amended by the law of 25/11/2021 ("greening" of company cars) and,
 * for personal-income-tax taxpayers, the law of 18/12/2025 (art. 23–29; circular 2026/C/11).
 */
import { citing, parameterTable, resolveSources } from "../parameter-table";

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

const REGIME_B_SOURCES = [
  "https://fiskaplus.be/2022/12/14/3979/",
  "https://www.goeminneaccountancy.be/minder-aftrek-voor-autos-op-benzine-en-diesel-vanaf-aanslagjaar-2026/",
];

/**
 * Regime B (CO2-emitting cars ordered 1/7/2023 – 31/12/2025): ceiling by taxable period. `null`
 * means the ordinary formula with its floor still applies (2023, 2024).
 */
export const phaseOutCeiling = parameterTable<number | null>({
  id: "deduction.phaseOutCeiling",
  description: "Ceiling of the deduction of CO2-emitting cars ordered from 1 July 2023 to 31 December 2025",
  unit: "%",
  lastChecked: "2026-11-24",
  rows: [
    { from: "2023-01-01", until: "2024-12-31", value: null, sources: REGIME_B_SOURCES },
    { from: "2025-01-01", until: "2025-12-31", value: 75, sources: REGIME_B_SOURCES },
    { from: "2026-01-01", until: "2026-12-31", value: 50, sources: REGIME_B_SOURCES },
    { from: "2027-01-01", until: "2027-12-31", value: 25, sources: REGIME_B_SOURCES },
    { from: "2028-01-01", until: null, value: 0, sources: REGIME_B_SOURCES },
  ],
});

const ZERO_EMISSION_SOURCES = [
  "https://www.fiscusonweb.be/vennootschapsbelasting/autofiscaliteit-in-de-vennootschapsbelasting/aftrekbaarheid-elektrische-wagens",
  "https://www.wolterskluwer.com/nl-be/expert-insights/tax-deductible-car-related-expenses",
];

/** Zero-emission cars: deduction fixed by the year of the order, for the life of the car. */
export const zeroEmissionByOrderYear = parameterTable<number>({
  id: "deduction.zeroEmissionByOrderYear",
  description: "Deduction of zero-emission cars by order (acquisition) date",
  unit: "%",
  lastChecked: "2026-11-24",
  rows: [
    { from: "1900-01-01", until: "2026-12-31", value: 100, sources: ZERO_EMISSION_SOURCES },
    { from: "2027-01-01", until: "2027-12-31", value: 95, sources: ZERO_EMISSION_SOURCES },
    { from: "2028-01-01", until: "2028-12-31", value: 90, sources: ZERO_EMISSION_SOURCES },
    { from: "2029-01-01", until: "2029-12-31", value: 82.5, sources: ZERO_EMISSION_SOURCES },
    { from: "2030-01-01", until: "2030-12-31", value: 75, sources: ZERO_EMISSION_SOURCES },
    { from: "2031-01-01", until: null, value: 67.5, sources: ZERO_EMISSION_SOURCES },
  ],
});

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
export const pitPluginHybridCap51to75 = parameterTable<number>({
  id: "deduction.pitPluginHybridCap51to75",
  description: "Cap of the PIT deduction of plug-in hybrids of 51–75 g/km (Euro 6e-bis) by order year",
  unit: "%",
  lastChecked: "2026-11-24",
  rows: [
    { from: "2026-01-01", until: "2027-12-31", value: 75, sources: PIT_PHEV_SOURCES, provisional: true },
  ],
});

export const PIT_PHEV_RULES = {
  orderedFrom: "2026-01-01",
  lowCo2Max: 50,
  midCo2Max: 75,
  sources: resolveSources(PIT_PHEV_SOURCES),
} as const;
