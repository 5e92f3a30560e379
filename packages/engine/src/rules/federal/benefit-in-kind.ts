/**
 * Benefit in kind of a company car (voordeel van alle aard / avantage de toute nature),
 * art. 36 §2 WIB 92 / CIR 92. Parameters per income year.
 */
import { citing, incomeYear, parameterTable } from "../parameter-table";
import { sourceOf } from "../source";

export interface ReferenceCo2 {
  /** Petrol, LPG, natural gas and petrol hybrids, g/km. */
  readonly petrol: number;
  /** Diesel and diesel hybrids, g/km. */
  readonly diesel: number;
}

/** Reference CO2 emission, fixed yearly by royal decree. */
export const bikReferenceCo2 = parameterTable<ReferenceCo2>({
  id: "bik.referenceCo2",
  description: "Reference CO2 emission of the BIK percentage (royal decree per income year)",
  unit: "g/km",
  lastChecked: "2026-11-22",
  rows: [
    incomeYear(2021, { petrol: 102, diesel: 84 }, [
      "https://financien.belgium.be/nl/Actualites/referentie-co2-uitstoot-voor-2021",
      "https://www.leaseplan.com/fr-be/atn-2021-2022/",
    ]),
    incomeYear(
      2022,
      { petrol: 91, diesel: 75 },
      [
        "https://www.dillenadvocaten.be/documents/news-items/kl2612244-voordelen-van-alle-aard-bedrijfswagen-referentie-co2-uitstoot-voor-2022.xml?lang=nl",
      ],
      { note: "KB 7/12/2021, BS 13/12/2021" },
    ),
    incomeYear(2023, { petrol: 82, diesel: 67 }, [
      "https://www.countable.be/nieuws/bedrijfswagens-worden-opnieuw-duurder/",
      "https://moniteurautomobile.be/actu-auto/budget/atn-attention-ca-va-piquer.html",
    ]),
    incomeYear(
      2024,
      { petrol: 78, diesel: 65 },
      [
        "https://grantthornton.be/en/the-field/articles-and-publications/Direct-tax/calculate-your-benefit-in-kind-for-income-year-2024",
        "https://thglln.be/news/7344/les-voitures-de-societe-et-le-taux-demission-de-co2-de-reference-pour-2024",
      ],
      { note: "KB 30/1/2024 (BS 8/2/2024), retroactive to 1/1/2024" },
    ),
    incomeYear(2025, { petrol: 71, diesel: 59 }, [
      "https://www.bdo.be/en-gb/insights/articles/2025/benefit-company-car-co2-emission-2024-0208cb2d10ecee40b56b159f351f85ce",
      "https://propay.be/fr/news/vehicules-dentreprise-et-emissions-de-co2-de-reference-pour-2025",
    ]),
    incomeYear(
      2026,
      { petrol: 70, diesel: 58 },
      [
        "https://www.securex.be/en/lex4you/self-employed/news/company-cars-and-the-reference-co2-emission-rate-for-2026",
      ],
      { note: "KB 17/12/2025" },
    ),
  ],
});

/** Minimum yearly benefit (indexed amount of art. 36 §2, base 820 EUR). */
export const bikMinimum = parameterTable<number>({
  id: "bik.minimum",
  description: "Minimum yearly benefit in kind of a company car",
  unit: "EUR/year",
  lastChecked: "2026-11-22",
  rows: [
    incomeYear(2021, 1370, [
      "https://www.leaseplan.com/fr-be/atn-2021-2022/",
      "https://www.fleet.be/ces-voitures-electriques-vous-garantissent-un-atn-minimal/?lang=fr",
    ]),
    incomeYear(2022, 1400, [
      "https://moniteurautomobile.be/actu-auto/budget/atn-attention-ca-va-piquer.html",
    ]),
    incomeYear(2023, 1540, [
      "https://moniteurautomobile.be/actu-auto/budget/atn-attention-ca-va-piquer.html",
      "https://thglln.be/news/7344/les-voitures-de-societe-et-le-taux-demission-de-co2-de-reference-pour-2024",
    ]),
    incomeYear(2024, 1600, [
      "https://grantthornton.be/en/the-field/articles-and-publications/Direct-tax/calculate-your-benefit-in-kind-for-income-year-2024",
      "https://headlight.tech/blogs/benefit-in-kind-2024",
    ]),
    incomeYear(2025, 1650, [
      "https://v8.moniteurautomobile.be/actu-auto/professionnel/evolution-avantage-toute-nature-2025.html",
      "https://mobiflow.be/what-will-change-fiscally-in-2025",
    ]),
    incomeYear(2026, 1690, ["https://www.ag-consult.site/actualites-fiscales/2959368_atn-voiture-en-2026"], {
      provisional: true,
      note: "One accountant source; consistent with 820 × the AY2027 indexation coefficient (≈ 2.06). Not yet confirmed by an official publication.",
    }),
  ],
});

/** Statutory constants of art. 36 §2 (not year-dependent). */
export const BIK_CONSTANTS = {
  /** CO2 % at the reference emission, and per g/km above or below it. */
  basePercent: 5.5,
  percentPerGram: 0.1,
  minPercent: 4,
  maxPercent: 18,
  /** Electric and hydrogen cars: always the minimum percentage. */
  zeroEmissionPercent: 4,
  /** Private-use share. */
  privateShare: { n: 6, d: 7 },
  /** VAT rate added to the stored ex-VAT catalogue price. */
  vatRate: 1.21,
  /** CO2 unknown at the DIV: petrol family 205 g/km, diesel 195 g/km. */
  unknownCo2: { petrol: 205, diesel: 195 },
  sources: citing({
    formula:
      "https://www.bdo.be/en-gb/insights/articles/2025/benefit-company-car-co2-emission-2024-0208cb2d10ecee40b56b159f351f85ce",
    electric:
      "https://www.partena-professional.be/en/our-insights/infoflashes/company-cars-reference-co2-emissions-2025-have-been-published",
    unknownCo2:
      "https://www.bdo.be/en-gb/news/2020/calculation-benefit-in-kind-and-tax-deductibility-of-company-cars",
    vat: "https://rovoco.be/en/post/company-car-calculation-of-benefits-in-kind",
  }),
} as const;

/**
 * Age coefficient by the number of the month since first registration (month of first registration
 * = month 1): art. 36 §2, 3rd para. Source:
 * https://publicatie.clbgroup.be/Gids%20voor%20de%20werkgever%20-%20Editie%202025/Gids-voor-de-werkgever-Editie-2025/50
 */
export const BIK_AGE_COEFFICIENTS: readonly { readonly upToMonth: number; readonly percent: number }[] = [
  { upToMonth: 12, percent: 100 },
  { upToMonth: 24, percent: 94 },
  { upToMonth: 36, percent: 88 },
  { upToMonth: 48, percent: 82 },
  { upToMonth: 60, percent: 76 },
  { upToMonth: Number.POSITIVE_INFINITY, percent: 70 },
];
export const BIK_AGE_SOURCE = sourceOf(
  "https://rovoco.be/en/post/company-car-calculation-of-benefits-in-kind",
);
