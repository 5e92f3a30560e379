import type { Language } from "@cartax/engine";

/** The page's own words in the three languages (tax line names come from the engine). */
export const PAGE_TEXTS = {
  en: {
    title: "Company car tax summary",
    specs: "Specifications",
    catalogPrice: "Catalogue price (excl. VAT)",
    firstRegistration: "First registration",
    fuel: "Fuel",
    euroStandard: "Euro standard",
    power: "Power",
    co2Wltp: "CO₂ (WLTP)",
    co2Nedc: "CO₂ (NEDC 2.0)",
    capacity: "Engine capacity",
    weight: "Weight",
    battery: "Battery",
    taxes: "Regional taxes",
    taxesNote: "For a company car registered today by a company, in each region.",
    region: "Region",
    registrationTax: "Registration tax",
    roadTax: "Annual road tax",
    bik: "Benefit in kind",
    bikNote: "Yearly taxable benefit of the user of the car, this year.",
    source: "legal source",
    none: "—",
    footer: "Calculated by Cartax under rules version",
    // Short forms of a tax without a figure, for the link preview (the page shows the full reason).
    noFigure: {
      missingInput: "no figure (missing: {fields})",
      notApplicable: "not applicable",
      rulesNotAvailable: "no figure (rules not yet published)",
    },
    regions: { Flanders: "Flanders", Wallonia: "Wallonia", Brussels: "Brussels" },
  },
  nl: {
    title: "Fiscale samenvatting bedrijfswagen",
    specs: "Specificaties",
    catalogPrice: "Cataloguswaarde (excl. btw)",
    firstRegistration: "Eerste inschrijving",
    fuel: "Brandstof",
    euroStandard: "Euronorm",
    power: "Vermogen",
    co2Wltp: "CO₂ (WLTP)",
    co2Nedc: "CO₂ (NEDC 2.0)",
    capacity: "Cilinderinhoud",
    weight: "Gewicht",
    battery: "Batterij",
    taxes: "Gewestelijke belastingen",
    taxesNote: "Voor een bedrijfswagen die vandaag door een vennootschap wordt ingeschreven, per gewest.",
    region: "Gewest",
    registrationTax: "Belasting op de inverkeerstelling",
    roadTax: "Jaarlijkse verkeersbelasting",
    bik: "Voordeel van alle aard",
    bikNote: "Jaarlijks belastbaar voordeel van de gebruiker van de wagen, dit jaar.",
    source: "wettelijke bron",
    none: "—",
    footer: "Berekend door Cartax met regels versie",
    // Short forms of a tax without a figure, for the link preview (the page shows the full reason).
    noFigure: {
      missingInput: "geen bedrag (ontbreekt: {fields})",
      notApplicable: "niet van toepassing",
      rulesNotAvailable: "geen bedrag (regels nog niet gepubliceerd)",
    },
    regions: { Flanders: "Vlaanderen", Wallonia: "Wallonië", Brussels: "Brussel" },
  },
  fr: {
    title: "Résumé fiscal de la voiture de société",
    specs: "Caractéristiques",
    catalogPrice: "Valeur catalogue (hors TVA)",
    firstRegistration: "Première immatriculation",
    fuel: "Carburant",
    euroStandard: "Norme Euro",
    power: "Puissance",
    co2Wltp: "CO₂ (WLTP)",
    co2Nedc: "CO₂ (NEDC 2.0)",
    capacity: "Cylindrée",
    weight: "Poids",
    battery: "Batterie",
    taxes: "Taxes régionales",
    taxesNote: "Pour une voiture de société immatriculée aujourd’hui par une société, dans chaque région.",
    region: "Région",
    registrationTax: "Taxe de mise en circulation",
    roadTax: "Taxe de circulation annuelle",
    bik: "Avantage de toute nature",
    bikNote: "Avantage imposable annuel de l’utilisateur de la voiture, cette année.",
    source: "source légale",
    none: "—",
    footer: "Calculé par Cartax selon les règles version",
    // Short forms of a tax without a figure, for the link preview (the page shows the full reason).
    noFigure: {
      missingInput: "pas de montant (donnée manquante : {fields})",
      notApplicable: "non applicable",
      rulesNotAvailable: "pas de montant (règles pas encore publiées)",
    },
    regions: { Flanders: "Flandre", Wallonia: "Wallonie", Brussels: "Bruxelles" },
  },
} as const satisfies Record<Language, unknown>;

/** `?lang=` first, then the best of Accept-Language, else English. */
export function pageLanguage(query: string | undefined, acceptLanguage: string | undefined): Language {
  if (query === "nl" || query === "fr" || query === "en") return query;
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(params.find((p) => p.trim().startsWith("q="))?.split("=")[1] ?? 1);
      return { lang: tag.trim().slice(0, 2).toLowerCase(), q: Number.isFinite(q) ? q : 0 };
    })
    .sort((a, b) => b.q - a.q);
  const best = ranked.find((r) => r.lang === "nl" || r.lang === "fr" || r.lang === "en");
  return (best?.lang as Language | undefined) ?? "en";
}
