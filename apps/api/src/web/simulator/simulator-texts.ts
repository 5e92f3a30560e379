import type { Language } from "@cartax/engine";
import { CHART_TEXTS, type ChartText } from "../kit/chart-texts";

interface FieldText {
  readonly label: string;
  /** The unit after the control (€, kW, g/km…), if any. */
  readonly unit?: string;
}

interface SimulatorText extends ChartText {
  readonly title: string;
  readonly intro: string;
  readonly languages: string;
  readonly car: string;
  readonly taxpayer: string;
  readonly period: string;
  readonly optional: string;
  readonly range: string;
  readonly yes: string;
  readonly answer: string;
  readonly answerNote: string;
  readonly year: string;
  readonly noFigure: string;
  readonly missing: string;
  readonly notApplicable: string;
  readonly rulesNotAvailable: string;
  readonly source: string;
  readonly provisional: string;
  readonly provisionalNote: string;
  readonly total: string;
  readonly tax: string;
  readonly fix: string;
  readonly problems: Readonly<Record<"required" | "number" | "whole" | "range" | "date", string>>;
  /** Above the values computed but unusual for a car. */
  readonly check: string;
  /** One unusual value: `{value}` as read, `{usual}` what a car usually has. */
  readonly unusual: string;
  readonly atLeast: string;
  readonly atMost: string;
  /** The benefit in kind month by month (the engine's schedule, by the day). */
  readonly perMonth: string;
  readonly perMonthRange: string;
  readonly monthByMonth: string;
  /** A year's line without a figure whose year the table below gives an assumed figure. */
  readonly assumedFigure: string;
  /** The inputs, printed after the answer (the form is not printed). */
  readonly inputs: string;
  readonly share: string;
  readonly fields: Readonly<Record<string, FieldText>>;
  readonly statuses: Readonly<Record<string, string>>;
  readonly registrations: Readonly<Record<string, string>>;
}

/** The simulator's words in the three languages (tax names, fuels and regions come from the engine and the public page). */
export const SIMULATOR_TEXTS: Readonly<Record<Language, SimulatorText>> = {
  en: {
    title: "Company car tax simulator",
    intro:
      "All six taxes of a company car, for this year and the next, computed in your browser by the Cartax engine as you type. Nothing you type leaves this page.",
    languages: "Language",
    car: "The car",
    taxpayer: "Who registers it",
    period: "Dates and holding period",
    optional: "optional",
    range: "from {min} to {max}",
    yes: "yes",
    answer: "The taxes",
    answerNote: "Each line with its basis and the law it rests on.",
    year: "Year",
    noFigure: "No figure",
    missing: "missing input: {fields}",
    notApplicable: "not applicable",
    rulesNotAvailable: "rules not yet published",
    source: "legal source",
    provisional: "provisional",
    provisionalNote:
      "Provisional: this figure rests on a rule or an amount that no authoritative source has confirmed yet; it may still change.",
    ...CHART_TEXTS.en,
    total: "Total",
    tax: "Tax",
    fix: "Check these fields:",
    problems: {
      required: "required",
      number: "not a number as written: write it like 40000, 40.000, 40 000 or 19,5",
      whole: "a whole number is expected",
      range: "out of range",
      date: "not a date (yyyy-mm-dd)",
    },
    check: "Check these values before reading the answer:",
    unusual: "read as {value}; a car usually has {usual}",
    atLeast: "at least {min}",
    atMost: "at most {max}",
    perMonth: "{amount} per month",
    perMonthRange: "from {min} to {max} per month",
    monthByMonth: "Month by month (by the days of each month)",
    assumedFigure:
      "The table of the years assumes {amount} for {year}: what is not yet published (above) carried from {from}, an estimate.",
    inputs: "Inputs",
    share: "Link to this simulation",
    fields: {
      catalogPrice: { label: "Catalogue price, options included, VAT excluded", unit: "€" },
      fuel: { label: "Fuel" },
      euroStandard: { label: "Euro standard" },
      kilowatt: { label: "Engine power", unit: "kW" },
      wltp: { label: "CO₂ emission (WLTP)", unit: "g/km" },
      nedC2: { label: "CO₂ emission (NEDC 2.0; 0 when unknown)", unit: "g/km" },
      firstRegistration: { label: "First registration of the car" },
      capacity: { label: "Engine capacity", unit: "cm³" },
      weight: { label: "Maximum authorised mass", unit: "kg" },
      batteryCapacity: { label: "Battery capacity", unit: "kWh" },
      wltpNonHybrid: { label: "CO₂ of the same car without the plug-in (WLTP)", unit: "g/km" },
      nedC2NonHybrid: { label: "CO₂ of the same car without the plug-in (NEDC 2.0)", unit: "g/km" },
      euro6eBis: { label: "Approved under Euro 6e-bis" },
      oldtimerPlate: { label: "Registered under an oldtimer (O) plate" },
      status: { label: "Taxpayer" },
      registrationOn: { label: "Registered in the name of" },
      regionRegistration: { label: "Region of registration" },
      postalCode: { label: "Postal code" },
      hasFuelCard: { label: "Fuel card paid by the employer" },
      registrationDate: { label: "Registration date" },
      orderDate: { label: "Order date" },
      ownMonthlyCost: { label: "Own contribution per month", unit: "€" },
      years: { label: "Holding period", unit: "years" },
    },
    statuses: {
      Private: "A private person",
      SoleProprietor: "A sole proprietorship",
      SelfEmployed: "A company",
    },
    registrations: {
      PrivateRegistration: "A private person",
      CompanyRegistration: "The company",
      LeasingCompanyRegistration: "A leasing company",
    },
  },
  nl: {
    title: "Simulator belastingen bedrijfswagen",
    intro:
      "De zes belastingen van een bedrijfswagen, voor dit jaar en het volgende, berekend in uw browser door de Cartax-engine terwijl u typt. Wat u invult, verlaat deze pagina niet.",
    languages: "Taal",
    car: "De wagen",
    taxpayer: "Wie hem inschrijft",
    period: "Data en bezitsduur",
    optional: "optioneel",
    range: "van {min} tot {max}",
    yes: "ja",
    answer: "De belastingen",
    answerNote: "Elke lijn met haar grondslag en de wet waarop ze steunt.",
    year: "Jaar",
    noFigure: "Geen bedrag",
    missing: "ontbrekend gegeven: {fields}",
    notApplicable: "niet van toepassing",
    rulesNotAvailable: "regels nog niet gepubliceerd",
    source: "wettelijke bron",
    provisional: "voorlopig",
    provisionalNote:
      "Voorlopig: dit bedrag steunt op een regel of bedrag dat nog geen gezaghebbende bron heeft bevestigd; het kan nog wijzigen.",
    ...CHART_TEXTS.nl,
    total: "Totaal",
    tax: "Belasting",
    fix: "Controleer deze velden:",
    problems: {
      required: "verplicht",
      number: "geen getal zoals geschreven: schrijf bv. 40000, 40.000, 40 000 of 19,5",
      whole: "een geheel getal verwacht",
      range: "buiten bereik",
      date: "geen datum (jjjj-mm-dd)",
    },
    check: "Controleer deze waarden voor u het antwoord leest:",
    unusual: "gelezen als {value}; een wagen heeft gewoonlijk {usual}",
    atLeast: "minstens {min}",
    atMost: "hoogstens {max}",
    perMonth: "{amount} per maand",
    perMonthRange: "van {min} tot {max} per maand",
    monthByMonth: "Maand per maand (volgens de dagen van elke maand)",
    assumedFigure:
      "De tabel van de jaren veronderstelt {amount} voor {year}: wat nog niet gepubliceerd is (hierboven) overgenomen van {from}, een raming.",
    inputs: "Gegevens",
    share: "Link naar deze simulatie",
    fields: {
      catalogPrice: { label: "Cataloguswaarde, opties inbegrepen, excl. btw", unit: "€" },
      fuel: { label: "Brandstof" },
      euroStandard: { label: "Euronorm" },
      kilowatt: { label: "Motorvermogen", unit: "kW" },
      wltp: { label: "CO₂-uitstoot (WLTP)", unit: "g/km" },
      nedC2: { label: "CO₂-uitstoot (NEDC 2.0; 0 indien onbekend)", unit: "g/km" },
      firstRegistration: { label: "Eerste inschrijving van de wagen" },
      capacity: { label: "Cilinderinhoud", unit: "cm³" },
      weight: { label: "Maximaal toegelaten massa", unit: "kg" },
      batteryCapacity: { label: "Batterijcapaciteit", unit: "kWh" },
      wltpNonHybrid: { label: "CO₂ van dezelfde wagen zonder plug-in (WLTP)", unit: "g/km" },
      nedC2NonHybrid: { label: "CO₂ van dezelfde wagen zonder plug-in (NEDC 2.0)", unit: "g/km" },
      euro6eBis: { label: "Goedgekeurd volgens Euro 6e-bis" },
      oldtimerPlate: { label: "Ingeschreven met een oldtimerplaat (O)" },
      status: { label: "Belastingplichtige" },
      registrationOn: { label: "Ingeschreven op naam van" },
      regionRegistration: { label: "Gewest van inschrijving" },
      postalCode: { label: "Postcode" },
      hasFuelCard: { label: "Tankkaart betaald door de werkgever" },
      registrationDate: { label: "Datum van inschrijving" },
      orderDate: { label: "Besteldatum" },
      ownMonthlyCost: { label: "Eigen bijdrage per maand", unit: "€" },
      years: { label: "Bezitsduur", unit: "jaar" },
    },
    statuses: {
      Private: "Een privépersoon",
      SoleProprietor: "Een eenmanszaak",
      SelfEmployed: "Een vennootschap",
    },
    registrations: {
      PrivateRegistration: "Een privépersoon",
      CompanyRegistration: "De vennootschap",
      LeasingCompanyRegistration: "Een leasingmaatschappij",
    },
  },
  fr: {
    title: "Simulateur des taxes d’une voiture de société",
    intro:
      "Les six taxes d’une voiture de société, pour cette année et la suivante, calculées dans votre navigateur par le moteur Cartax pendant que vous tapez. Rien de ce que vous saisissez ne quitte cette page.",
    languages: "Langue",
    car: "La voiture",
    taxpayer: "Qui l’immatricule",
    period: "Dates et durée de détention",
    optional: "facultatif",
    range: "de {min} à {max}",
    yes: "oui",
    answer: "Les taxes",
    answerNote: "Chaque ligne avec sa base et la loi sur laquelle elle repose.",
    year: "Année",
    noFigure: "Pas de montant",
    missing: "donnée manquante : {fields}",
    notApplicable: "sans objet",
    rulesNotAvailable: "règles pas encore publiées",
    source: "source légale",
    provisional: "provisoire",
    provisionalNote:
      "Provisoire : ce montant repose sur une règle ou un montant qu’aucune source faisant autorité n’a encore confirmé ; il peut encore changer.",
    ...CHART_TEXTS.fr,
    total: "Total",
    tax: "Taxe",
    fix: "Vérifiez ces champs :",
    problems: {
      required: "obligatoire",
      number: "pas un nombre tel qu’écrit : écrivez par ex. 40000, 40.000, 40 000 ou 19,5",
      whole: "un nombre entier est attendu",
      range: "hors limites",
      date: "pas une date (aaaa-mm-jj)",
    },
    check: "Vérifiez ces valeurs avant de lire la réponse :",
    unusual: "lu comme {value} ; une voiture a d’habitude {usual}",
    atLeast: "au moins {min}",
    atMost: "au plus {max}",
    perMonth: "{amount} par mois",
    perMonthRange: "de {min} à {max} par mois",
    monthByMonth: "Mois par mois (selon les jours de chaque mois)",
    assumedFigure:
      "Le tableau des années suppose {amount} pour {year} : ce qui n’est pas encore publié (ci-dessus) repris de {from}, une estimation.",
    inputs: "Données",
    share: "Lien vers cette simulation",
    fields: {
      catalogPrice: { label: "Valeur catalogue, options comprises, hors TVA", unit: "€" },
      fuel: { label: "Carburant" },
      euroStandard: { label: "Norme Euro" },
      kilowatt: { label: "Puissance du moteur", unit: "kW" },
      wltp: { label: "Émission de CO₂ (WLTP)", unit: "g/km" },
      nedC2: { label: "Émission de CO₂ (NEDC 2.0 ; 0 si inconnue)", unit: "g/km" },
      firstRegistration: { label: "Première immatriculation de la voiture" },
      capacity: { label: "Cylindrée", unit: "cm³" },
      weight: { label: "Masse maximale autorisée", unit: "kg" },
      batteryCapacity: { label: "Capacité de la batterie", unit: "kWh" },
      wltpNonHybrid: { label: "CO₂ de la même voiture sans la recharge (WLTP)", unit: "g/km" },
      nedC2NonHybrid: { label: "CO₂ de la même voiture sans la recharge (NEDC 2.0)", unit: "g/km" },
      euro6eBis: { label: "Homologuée Euro 6e-bis" },
      oldtimerPlate: { label: "Immatriculée avec une plaque ancêtre (O)" },
      status: { label: "Contribuable" },
      registrationOn: { label: "Immatriculée au nom de" },
      regionRegistration: { label: "Région d’immatriculation" },
      postalCode: { label: "Code postal" },
      hasFuelCard: { label: "Carte carburant payée par l’employeur" },
      registrationDate: { label: "Date d’immatriculation" },
      orderDate: { label: "Date de commande" },
      ownMonthlyCost: { label: "Contribution propre par mois", unit: "€" },
      years: { label: "Durée de détention", unit: "ans" },
    },
    statuses: {
      Private: "Une personne privée",
      SoleProprietor: "Une entreprise individuelle",
      SelfEmployed: "Une société",
    },
    registrations: {
      PrivateRegistration: "Une personne privée",
      CompanyRegistration: "La société",
      LeasingCompanyRegistration: "Une société de leasing",
    },
  },
};
