import type { FuelType, Language } from "@cartax/engine";
import { PAGE_LOCALES } from "./page-format";

/** The page's own words in the three languages (tax line names come from the engine). */
export const PAGE_TEXTS = {
  en: {
    title: "Company car tax summary",
    languages: "Language",
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
    // The column names a phone repeats above each figure (one line in a narrow column).
    registrationTaxShort: "Registration tax",
    roadTaxShort: "Road tax",
    bik: "Benefit in kind",
    bikNote: "Yearly taxable benefit of the user of the car, this year.",
    source: "legal source",
    // A figure that rests on a rule or amount not yet confirmed by an authoritative source (the API's `provisional`).
    provisional: "provisional",
    provisionalNote:
      "Provisional: this figure rests on a rule or an amount that no authoritative source has confirmed yet (for instance an indexed amount not yet published in the Belgian Official Journal); it may still change.",
    basis: "Basis",
    noFigureLabel: "No figure",
    missingInput: "Missing input: {fields}.",
    completeCar: "Complete the car’s details to get this figure.",
    // The inputs a tax may lack, as the law names them (the API's missingFields).
    missingFields: {
      weight: "the maximum authorised mass",
      capacity: "the engine capacity",
      wltp: "the CO₂ emission (WLTP)",
      nedC2: "the CO₂ emission (NEDC 2.0)",
    },
    someInput: "an input this tax needs",
    none: "—",
    footer: "Calculated by Cartax under rules version",
    // Short forms of a tax without a figure, for the link preview (the page shows the full reason).
    noFigure: {
      missingInput: "no figure (missing: {fields})",
      notApplicable: "not applicable",
      rulesNotAvailable: "no figure (rules not yet published)",
    },
    regions: { Flanders: "Flanders", Wallonia: "Wallonia", Brussels: "Brussels" },
    fuels: {
      Diesel: "Diesel",
      Petrol: "Petrol",
      LPG: "LPG",
      NaturalGas: "Natural gas (CNG)",
      PluginHybridDiesel: "Plug-in hybrid (diesel)",
      PluginHybridPetrol: "Plug-in hybrid (petrol)",
      HybridPetrol: "Hybrid (petrol)",
      HybridDiesel: "Hybrid (diesel)",
      Electric: "Electric",
      HydrogenPetrol: "Hydrogen and petrol",
      Hydrogen: "Hydrogen",
    },
    euroStandards: {
      NA: "Not applicable",
      Euro3Filter: "Euro 3 with particulate filter",
      Euro4Filter: "Euro 4 with particulate filter",
    },
    computedFor: "Figures for a registration on",
    disclaimer:
      "Indicative figures computed from the published rules, for information only: they are not a tax assessment, and the tax authorities' own assessment prevails.",
    notFoundTitle: "Link not found",
    notFoundText:
      "This car page does not exist or is no longer available. Ask the person who shared the link for a new one.",
  },
  nl: {
    title: "Fiscale samenvatting bedrijfswagen",
    languages: "Taal",
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
    registrationTaxShort: "BIV",
    roadTaxShort: "Verkeersbelasting",
    bik: "Voordeel van alle aard",
    bikNote: "Jaarlijks belastbaar voordeel van de gebruiker van de wagen, dit jaar.",
    source: "wettelijke bron",
    provisional: "voorlopig",
    provisionalNote:
      "Voorlopig: dit bedrag steunt op een regel of een bedrag dat nog niet door een gezaghebbende bron bevestigd is (bijvoorbeeld een geïndexeerd bedrag dat nog niet in het Belgisch Staatsblad bekendgemaakt is); het kan nog wijzigen.",
    basis: "Grondslag",
    noFigureLabel: "Geen bedrag",
    missingInput: "Ontbrekend gegeven: {fields}.",
    completeCar: "Vul de gegevens van de wagen aan om dit bedrag te krijgen.",
    missingFields: {
      weight: "de maximaal toegelaten massa",
      capacity: "de cilinderinhoud",
      wltp: "de CO₂-uitstoot (WLTP)",
      nedC2: "de CO₂-uitstoot (NEDC 2.0)",
    },
    someInput: "een gegeven dat deze belasting nodig heeft",
    none: "—",
    footer: "Berekend door Cartax met regels versie",
    // Short forms of a tax without a figure, for the link preview (the page shows the full reason).
    noFigure: {
      missingInput: "geen bedrag (ontbreekt: {fields})",
      notApplicable: "niet van toepassing",
      rulesNotAvailable: "geen bedrag (regels nog niet gepubliceerd)",
    },
    regions: { Flanders: "Vlaanderen", Wallonia: "Wallonië", Brussels: "Brussel" },
    fuels: {
      Diesel: "Diesel",
      Petrol: "Benzine",
      LPG: "LPG",
      NaturalGas: "Aardgas (CNG)",
      PluginHybridDiesel: "Plug-in hybride (diesel)",
      PluginHybridPetrol: "Plug-in hybride (benzine)",
      HybridPetrol: "Hybride (benzine)",
      HybridDiesel: "Hybride (diesel)",
      Electric: "Elektrisch",
      HydrogenPetrol: "Waterstof en benzine",
      Hydrogen: "Waterstof",
    },
    euroStandards: {
      NA: "Niet van toepassing",
      Euro3Filter: "Euro 3 met roetfilter",
      Euro4Filter: "Euro 4 met roetfilter",
    },
    computedFor: "Bedragen voor een inschrijving op",
    disclaimer:
      "Indicatieve bedragen, berekend volgens de gepubliceerde regels, enkel ter informatie: dit is geen aanslag, en de aanslag van de belastingdienst heeft voorrang.",
    notFoundTitle: "Link niet gevonden",
    notFoundText:
      "Deze pagina van een wagen bestaat niet of is niet meer beschikbaar. Vraag wie de link deelde om een nieuwe.",
  },
  fr: {
    title: "Résumé fiscal de la voiture de société",
    languages: "Langue",
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
    registrationTaxShort: "TMC",
    roadTaxShort: "Taxe de circulation",
    bik: "Avantage de toute nature",
    bikNote: "Avantage imposable annuel de l’utilisateur de la voiture, cette année.",
    source: "source légale",
    provisional: "provisoire",
    provisionalNote:
      "Provisoire : ce montant repose sur une règle ou un montant qu’aucune source officielle n’a encore confirmé (par exemple un montant indexé pas encore publié au Moniteur belge) ; il peut encore changer.",
    basis: "Base de calcul",
    noFigureLabel: "Pas de montant",
    missingInput: "Donnée manquante : {fields}.",
    completeCar: "Complétez les données de la voiture pour obtenir ce montant.",
    missingFields: {
      weight: "la masse maximale autorisée",
      capacity: "la cylindrée",
      wltp: "l’émission de CO₂ (WLTP)",
      nedC2: "l’émission de CO₂ (NEDC 2.0)",
    },
    someInput: "une donnée nécessaire à cette taxe",
    none: "—",
    footer: "Calculé par Cartax selon les règles version",
    // Short forms of a tax without a figure, for the link preview (the page shows the full reason).
    noFigure: {
      missingInput: "pas de montant (donnée manquante : {fields})",
      notApplicable: "non applicable",
      rulesNotAvailable: "pas de montant (règles pas encore publiées)",
    },
    regions: { Flanders: "Flandre", Wallonia: "Wallonie", Brussels: "Bruxelles" },
    fuels: {
      Diesel: "Diesel",
      Petrol: "Essence",
      LPG: "GPL",
      NaturalGas: "Gaz naturel (GNC)",
      PluginHybridDiesel: "Hybride rechargeable (diesel)",
      PluginHybridPetrol: "Hybride rechargeable (essence)",
      HybridPetrol: "Hybride (essence)",
      HybridDiesel: "Hybride (diesel)",
      Electric: "Électrique",
      HydrogenPetrol: "Hydrogène et essence",
      Hydrogen: "Hydrogène",
    },
    euroStandards: {
      NA: "Sans objet",
      Euro3Filter: "Euro 3 avec filtre à particules",
      Euro4Filter: "Euro 4 avec filtre à particules",
    },
    computedFor: "Montants pour une immatriculation le",
    disclaimer:
      "Montants indicatifs calculés selon les règles publiées, à titre d’information : ce n’est pas un avertissement-extrait de rôle, et l’imposition établie par l’administration fiscale prévaut.",
    notFoundTitle: "Lien introuvable",
    notFoundText:
      "Cette page de voiture n’existe pas ou n’est plus disponible. Demandez un nouveau lien à la personne qui l’a partagé.",
  },
} as const satisfies Record<
  Language,
  { readonly fuels: Readonly<Record<FuelType, string>>; readonly [text: string]: unknown }
>;

/**
 * An enumeration value as people say it: the page's word for a fuel, "Euro 6" for `Euro6`, the
 * language's "not applicable" for `NA`; a value the page does not know yet (the contract lets
 * enumerations grow) is shown as sent.
 */
export function fuelName(fuel: string, language: Language): string {
  const names: Readonly<Record<string, string>> = PAGE_TEXTS[language].fuels;
  return Object.hasOwn(names, fuel) ? (names[fuel] ?? fuel) : fuel;
}

export function euroStandardName(standard: string, language: Language): string {
  const names: Readonly<Record<string, string>> = PAGE_TEXTS[language].euroStandards;
  if (Object.hasOwn(names, standard)) return names[standard] ?? standard;
  return standard.replace(/^Euro(\d)$/, "Euro $1");
}

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

const listFormats = new Map<Language, Intl.ListFormat>();

/**
 * The inputs a line lacks (the API's `missingFields`), named in the page's language and joined as
 * the language lists things ("de cilinderinhoud en de maximaal toegelaten massa"). A field the page
 * has no name for is said as "an input this tax needs", never as the API's English field name.
 */
export function missingInputNames(fields: readonly string[] | undefined, language: Language): string {
  const t = PAGE_TEXTS[language];
  const names: Readonly<Record<string, string>> = t.missingFields;
  const named = (fields ?? []).map((field) => (Object.hasOwn(names, field) ? names[field] : undefined));
  if (named.length === 0 || named.some((name) => name === undefined)) return t.someInput;
  let format = listFormats.get(language);
  if (!format) {
    format = new Intl.ListFormat(PAGE_LOCALES[language], { type: "conjunction" });
    listFormats.set(language, format);
  }
  return format.format(named as string[]);
}
