import type { BookScope, Language } from "@cartax/engine";

/** The rule book's own words in the three languages (the data's notes stay English, marked so). */
export const BOOK_TEXTS = {
  en: {
    derivation: "Derivation",
    primarySource: "Primary source",
    confidence: "Confidence",
    statuses: {
      official: "official text",
      officialSecondary: "legal text identified, figure read in a secondary source",
      pending: "pending",
    },
    confidences: { high: "high", medium: "medium", low: "low" },
    rounding: "rounding",
    baseAmounts: "the base amounts (before indexation)",
    title: "Rule book",
    intro:
      "What the law says for each tax and region, its formula, and every parameter the calculations use, by date, with its sources.",
    pages: "Pages",
    page: "Page",
    parameters: "Parameters",
    provisionalRows: "Provisional rows",
    everyParameter: "Every parameter",
    law: "What the law says",
    legalBasis: "Legal basis",
    formula: "Formula",
    from: "From",
    until: "Until",
    open: "open",
    value: "Value",
    provisional: "Provisional",
    provisionalYes: "provisional",
    sources: "Sources",
    note: "Note",
    other: "Other",
    id: "Identifier",
    unit: "Unit",
    lastChecked: "Last checked",
    calculators: "Calculators",
    officialJournal: "Official Journal",
    noParameters: "No dated parameter feeds this page yet.",
    status: "Status",
    inEnglish: "in English",
    back: "All pages",
    notFound: "Not in the rule book",
    notFoundText: "There is no such page or parameter in the rule book.",
    footer: "Cartax rules version",
    dutch: "Dutch",
    french: "French",
    scopes: { federal: "Federal", flanders: "Flanders", wallonia: "Wallonia", brussels: "Brussels" },
  },
  nl: {
    derivation: "Berekening",
    primarySource: "Primaire bron",
    confidence: "Betrouwbaarheid",
    statuses: {
      official: "officiële tekst",
      officialSecondary: "wettekst geïdentificeerd, bedrag gelezen in een secundaire bron",
      pending: "in afwachting",
    },
    confidences: { high: "hoog", medium: "gemiddeld", low: "laag" },
    rounding: "afronding",
    baseAmounts: "de basisbedragen (vóór indexering)",
    title: "Regelboek",
    intro:
      "Wat de wet zegt per belasting en gewest, de formule, en elke parameter die de berekeningen gebruiken, per datum, met de bronnen.",
    pages: "Pagina's",
    page: "Pagina",
    parameters: "Parameters",
    provisionalRows: "Voorlopige rijen",
    everyParameter: "Alle parameters",
    law: "Wat de wet zegt",
    legalBasis: "Wettelijke basis",
    formula: "Formule",
    from: "Vanaf",
    until: "Tot en met",
    open: "open",
    value: "Waarde",
    provisional: "Voorlopig",
    provisionalYes: "voorlopig",
    sources: "Bronnen",
    note: "Opmerking",
    other: "Overige",
    id: "Identificatie",
    unit: "Eenheid",
    lastChecked: "Laatst gecontroleerd",
    calculators: "Berekeningen",
    officialJournal: "Belgisch Staatsblad",
    noParameters: "Nog geen gedateerde parameter voor deze pagina.",
    status: "Status",
    inEnglish: "in het Engels",
    back: "Alle pagina's",
    notFound: "Niet in het regelboek",
    notFoundText: "Deze pagina of parameter staat niet in het regelboek.",
    footer: "Cartax regels versie",
    dutch: "Nederlands",
    french: "Frans",
    scopes: { federal: "Federaal", flanders: "Vlaanderen", wallonia: "Wallonië", brussels: "Brussel" },
  },
  fr: {
    derivation: "Calcul",
    primarySource: "Source primaire",
    confidence: "Fiabilité",
    statuses: {
      official: "texte officiel",
      officialSecondary: "texte légal identifié, montant lu dans une source secondaire",
      pending: "en attente",
    },
    confidences: { high: "élevée", medium: "moyenne", low: "faible" },
    rounding: "arrondi",
    baseAmounts: "les montants de base (avant indexation)",
    title: "Recueil des règles",
    intro:
      "Ce que dit la loi pour chaque taxe et chaque région, sa formule, et chaque paramètre des calculs, par date, avec ses sources.",
    pages: "Pages",
    page: "Page",
    parameters: "Paramètres",
    provisionalRows: "Lignes provisoires",
    everyParameter: "Tous les paramètres",
    law: "Ce que dit la loi",
    legalBasis: "Base légale",
    formula: "Formule",
    from: "Du",
    until: "Au",
    open: "ouvert",
    value: "Valeur",
    provisional: "Provisoire",
    provisionalYes: "provisoire",
    sources: "Sources",
    note: "Remarque",
    other: "Autres",
    id: "Identifiant",
    unit: "Unité",
    lastChecked: "Dernière vérification",
    calculators: "Calculs",
    officialJournal: "Moniteur belge",
    noParameters: "Aucun paramètre daté pour cette page.",
    status: "Statut",
    inEnglish: "en anglais",
    back: "Toutes les pages",
    notFound: "Absent du recueil",
    notFoundText: "Cette page ou ce paramètre n’existe pas dans le recueil des règles.",
    footer: "Cartax règles version",
    dutch: "néerlandais",
    french: "français",
    scopes: { federal: "Fédéral", flanders: "Flandre", wallonia: "Wallonie", brussels: "Bruxelles" },
  },
} as const satisfies Record<Language, { scopes: Record<BookScope, string> } & Record<string, unknown>>;

const LOCALES: Readonly<Record<Language, string>> = { en: "en-GB", nl: "nl-BE", fr: "fr-BE" };
const numberFormats = new Map<Language, Intl.NumberFormat>();
const dateFormats = new Map<Language, Intl.DateTimeFormat>();

/** A number as the language writes it (decimal comma in nl and fr, grouped thousands). */
export function formatNumber(value: number, language: Language): string {
  if (!Number.isFinite(value)) return value > 0 ? "∞" : "−∞";
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 10 });
    numberFormats.set(language, format);
  }
  return format.format(value);
}

/** An ISO date as the language writes it: 1 July 2025, 1 juli 2025, 1 juillet 2025. */
export function formatDate(iso: string, language: Language): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[language], {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    dateFormats.set(language, format);
  }
  return format.format(new Date(`${iso}T00:00:00Z`));
}

/** A parameter value of any shape on one line, numbers localised (bands and records inline). */
export function formatValue(value: unknown, language: Language): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "number") return formatNumber(value, language);
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "✓" : "✗";
  if (Array.isArray(value)) return `[${value.map((v) => formatValue(v, language)).join("; ")}]`;
  if (typeof value === "object")
    return Object.entries(value)
      .map(([key, inner]) => `${key}: ${formatValue(inner, language)}`)
      .join(", ");
  return String(value);
}
