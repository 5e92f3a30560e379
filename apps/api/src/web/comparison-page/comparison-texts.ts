import type { Language, ProfileStatus, RegistrationOn } from "@cartax/engine";

/**
 * The comparison page's own words in the three languages; the words it shares with the car page
 * (source, none, regions, disclaimer, languages) come from PAGE_TEXTS, calculator names from the
 * engine. `{…}` are filled in by the page.
 */
export const COMPARISON_TEXTS = {
  en: {
    title: "Company car comparison",
    heading: "{count} cars, {first}–{last}",
    headingOneYear: "{count} cars, {first}",
    profile: "The comparison",
    taxpayer: "Taxpayer",
    registeredTo: "Registered to",
    registrationDate: "Registration date",
    period: "Holding period",
    periodValue: "{years} years ({first}–{last})",
    periodOneYear: "1 year ({first})",
    madeOn: "Made on",
    statuses: {
      Private: "A private person",
      SoleProprietor: "A sole proprietorship",
      SelfEmployed: "A company",
    },
    holders: {
      PrivateRegistration: "A private person",
      CompanyRegistration: "A company",
      LeasingCompanyRegistration: "A leasing company",
    },
    ranking: "Ranking",
    rankingNote: "By {total} over the holding period, {order}.",
    employerTaxes: "the employer’s taxes (registration tax, annual road tax and CO2 solidarity contribution)",
    ascending: "lowest first",
    descending: "highest first",
    noTotal: "no figure every car has",
    basisNote:
      "Cars that lack no figure another car has are ranked on every figure they share. A car that lacks a figure another car has is ranked after them, in a group of its own ranked the same way on what its cars share; each group says what it is ranked on.",
    tier: "Group {tier}",
    leftOutNote: "Left out for every car (no car has a figure): {figures}.",
    lacks: "lacks {figures}",
    noFigure: "no figure",
    // The language a saved description is written in, when the page is read in another one.
    writtenIn: { nl: "in Dutch", fr: "in French", en: "in English" },
    rank: "Rank",
    car: "Car",
    unnamed: "Car {number}",
    totals: "Totals over the holding period",
    totalsNote:
      "One row per car, in the order they were compared: each tax added up over the years of the holding period (the deduction: the mean of its yearly percentages).",
    commonScale:
      "Every car’s chart has the same scale, so bars of the same height are the same amount. A year without a figure says why; the tables “Year by year” below hold every figure.",
    byYear: "Year by year",
    byYearNote: "Each tax per car and year, each figure with a link to its legal source.",
    assumed: "rules of {year} assumed",
    assumedInTotal: "includes years under assumed rules",
    assumedNote:
      "Rules not yet published for a year: the figures marked “rules of … assumed” apply the latest published rules of an earlier year. They are estimates, and may change when that year’s rules are published.",
  },
  nl: {
    title: "Vergelijking van bedrijfswagens",
    heading: "{count} wagens, {first}–{last}",
    headingOneYear: "{count} wagens, {first}",
    profile: "De vergelijking",
    taxpayer: "Belastingplichtige",
    registeredTo: "Ingeschreven op naam van",
    registrationDate: "Inschrijvingsdatum",
    period: "Bezitsperiode",
    periodValue: "{years} jaar ({first}–{last})",
    periodOneYear: "1 jaar ({first})",
    madeOn: "Gemaakt op",
    statuses: {
      Private: "Een privépersoon",
      SoleProprietor: "Een eenmanszaak",
      SelfEmployed: "Een vennootschap",
    },
    holders: {
      PrivateRegistration: "Een privépersoon",
      CompanyRegistration: "Een vennootschap",
      LeasingCompanyRegistration: "Een leasingmaatschappij",
    },
    ranking: "Rangschikking",
    rankingNote: "Volgens {total} over de bezitsperiode, {order}.",
    employerTaxes:
      "de belastingen van de werkgever (belasting op de inverkeerstelling, jaarlijkse verkeersbelasting en CO2-solidariteitsbijdrage)",
    ascending: "laagste eerst",
    descending: "hoogste eerst",
    noTotal: "geen bedrag dat elke wagen heeft",
    basisNote:
      "Wagens die geen bedrag missen dat een andere wagen heeft, worden gerangschikt op alle bedragen die ze delen. Een wagen zonder een bedrag dat een andere wagen wel heeft, komt erna, in een eigen groep die op dezelfde manier wordt gerangschikt op wat haar wagens delen; elke groep zegt waarop ze gerangschikt is.",
    tier: "Groep {tier}",
    leftOutNote: "Voor elke wagen weggelaten (geen enkele wagen heeft een bedrag): {figures}.",
    lacks: "mist {figures}",
    noFigure: "geen bedrag",
    writtenIn: { nl: "in het Nederlands", fr: "in het Frans", en: "in het Engels" },
    rank: "Rang",
    car: "Wagen",
    unnamed: "Wagen {number}",
    totals: "Totalen over de bezitsperiode",
    totalsNote:
      "Eén rij per wagen, in de volgorde waarin ze vergeleken werden: elke belasting opgeteld over de jaren van de bezitsperiode (de aftrekbaarheid: het gemiddelde van de jaarlijkse percentages).",
    commonScale:
      "De grafiek van elke wagen heeft dezelfde schaal: even hoge staven zijn even grote bedragen. Een jaar zonder bedrag zegt waarom; de tabellen “Jaar per jaar” hieronder bevatten elk bedrag.",
    byYear: "Jaar per jaar",
    byYearNote: "Elke belasting per wagen en per jaar, elk bedrag met een link naar zijn wettelijke bron.",
    assumed: "regels van {year} verondersteld",
    assumedInTotal: "bevat jaren met veronderstelde regels",
    assumedNote:
      "Regels van een jaar nog niet gepubliceerd: de bedragen gemarkeerd met „regels van … verondersteld” passen de laatst gepubliceerde regels van een vorig jaar toe. Het zijn ramingen, die kunnen wijzigen zodra de regels van dat jaar gepubliceerd zijn.",
  },
  fr: {
    title: "Comparaison de voitures de société",
    heading: "{count} voitures, {first}–{last}",
    headingOneYear: "{count} voitures, {first}",
    profile: "La comparaison",
    taxpayer: "Contribuable",
    registeredTo: "Immatriculée au nom de",
    registrationDate: "Date d’immatriculation",
    period: "Période de détention",
    periodValue: "{years} ans ({first}–{last})",
    periodOneYear: "1 an ({first})",
    madeOn: "Établie le",
    statuses: {
      Private: "Une personne privée",
      SoleProprietor: "Une entreprise individuelle",
      SelfEmployed: "Une société",
    },
    holders: {
      PrivateRegistration: "Une personne privée",
      CompanyRegistration: "Une société",
      LeasingCompanyRegistration: "Une société de leasing",
    },
    ranking: "Classement",
    rankingNote: "Selon {total} sur la période de détention, {order}.",
    employerTaxes:
      "les taxes de l’employeur (taxe de mise en circulation, taxe de circulation annuelle et cotisation de solidarité CO2)",
    ascending: "le plus bas d’abord",
    descending: "le plus haut d’abord",
    noTotal: "aucun montant commun à toutes les voitures",
    basisNote:
      "Les voitures auxquelles ne manque aucun montant qu’une autre a sont classées sur tous les montants qu’elles partagent. Une voiture à laquelle manque un montant qu’une autre a est classée après elles, dans un groupe à part classé de la même façon sur ce que ses voitures partagent ; chaque groupe dit sur quoi il est classé.",
    tier: "Groupe {tier}",
    leftOutNote: "Laissés de côté pour toutes les voitures (aucune n’a de montant) : {figures}.",
    lacks: "il manque {figures}",
    noFigure: "pas de montant",
    writtenIn: { nl: "en néerlandais", fr: "en français", en: "en anglais" },
    rank: "Rang",
    car: "Voiture",
    unnamed: "Voiture {number}",
    totals: "Totaux sur la période de détention",
    totalsNote:
      "Une ligne par voiture, dans l’ordre de la comparaison : chaque taxe additionnée sur les années de la période de détention (la déductibilité : la moyenne de ses pourcentages annuels).",
    commonScale:
      "Les graphiques de toutes les voitures ont la même échelle : des barres de même hauteur sont des montants égaux. Une année sans montant dit pourquoi ; les tableaux « Année par année » ci-dessous contiennent chaque montant.",
    byYear: "Année par année",
    byYearNote: "Chaque taxe par voiture et par année, chaque montant avec un lien vers sa source légale.",
    assumed: "règles de {year} supposées",
    assumedInTotal: "comprend des années aux règles supposées",
    assumedNote:
      "Règles d’une année pas encore publiées : les montants marqués « règles de … supposées » appliquent les dernières règles publiées d’une année antérieure. Ce sont des estimations, qui peuvent changer quand les règles de cette année seront publiées.",
  },
} as const satisfies Record<
  Language,
  {
    readonly statuses: Readonly<Record<ProfileStatus, string>>;
    readonly holders: Readonly<Record<RegistrationOn, string>>;
    readonly [text: string]: unknown;
  }
>;

/** A text with its `{name}` slots filled. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (slot, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : slot,
  );
}
