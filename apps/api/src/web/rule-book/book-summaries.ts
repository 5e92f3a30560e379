import type { BookPage, Language } from "@cartax/engine";

/** What the law says on a page, and its formula, in one language. */
export interface PageSummary {
  readonly summary: string;
  readonly formula: string;
}

/**
 * The summaries and formulas of the book's pages in Dutch and French, by page path; the English
 * ones are the engine's (`BOOK_PAGES`, which `docs/rules/` also prints). They say the same as the
 * English: change them together (a test checks that every page has both).
 */
export const BOOK_SUMMARIES: Readonly<Record<"nl" | "fr", Readonly<Record<string, PageSummary>>>> = {
  nl: {
    "flanders/registration-tax": {
      summary:
        "De Vlaamse belasting op de inverkeerstelling (BIV) is eenmalig verschuldigd wanneer een wagen in het Vlaamse Gewest in het verkeer wordt gebracht, en wordt berekend op basis van de CO2-uitstoot, de brandstof, de euronorm en de leeftijd. Het bedrag ligt tussen een geïndexeerd minimum en maximum; emissievrije wagens betalen, naargelang de datum, een forfaitair bedrag of niets.",
      formula:
        "min(max((round6((CO2 × f × q) / 246)^6 × 4500 + c) × LC, minimum), maximum) voor WLTP-waarden (NEDC: CO2 × f + x in plaats van CO2 × f × q); c is de luchtcomponent van de euronorm, LC de leeftijdscorrectie.",
    },
    "wallonia/registration-tax": {
      summary:
        "De Waalse belasting op de inverkeerstelling (taxe de mise en circulation) is eenmalig verschuldigd wanneer een wagen in het Waalse Gewest wordt ingeschreven; tot 30 juni 2025 volgt ze de vermogenstabel van WIGB art. 97 met de ecomalus, en vanaf 1 juli 2025 voegt het decreet van 7 september 2023 er de CO2-uitstoot, de massa en de energiebron aan toe. Het bedrag ligt tussen een minimum en een maximum, en wagens met een oldtimerplaat betalen een forfaitair bedrag.",
      formula:
        "tot 30 juni 2025: max(bedrag(fiscale pk), bedrag(kW)) [− LPG-vermindering] × leeftijds-%, minstens het minimum, + ecomalus; vanaf 1 juli 2025: min(max(MB × leeftijds-% × CO2/X × MTM/Y × C × index, minimum), maximum).",
    },
    "brussels/registration-tax": {
      summary:
        "De Brusselse belasting op de inverkeerstelling is eenmalig verschuldigd wanneer een wagen in het Brussels Hoofdstedelijk Gewest wordt ingeschreven, en volgt de vermogenstabel van WIGB art. 97: het hoogste van de bedragen voor de fiscale pk en voor de kilowatt. Tweedehandswagens betalen een percentage volgens hun leeftijd, LPG-wagens krijgen een vermindering, en het bedrag is minstens het minimum.",
      formula:
        "max(bedrag(fiscale pk), bedrag(kW)) [− LPG-vermindering] × leeftijds-%, minstens het (geïndexeerde) minimum.",
    },
    "flanders/annual-road-tax": {
      summary:
        "De Vlaamse jaarlijkse verkeersbelasting is elk jaar verschuldigd voor een wagen die in het Vlaamse Gewest is ingeschreven; ze vertrekt van de tabel met bedragen per fiscale pk, die Vlaanderen indexeert met een eigen afronding. Voor wagens die sinds 2021 voor het eerst zijn ingeschreven (en bedrijfswagens) past de groene formule ze aan volgens de CO2-uitstoot en de euronorm, en emissievrije wagens betalen een forfaitair bedrag.",
      formula:
        "schaal(fiscale pk) × 1,10 [+ LPG-toeslag]; groene formule: max(T + T × 0,3 % × (CO2 − referentie) + T × EUROcorr, minimum) [− LPG-vermindering] × 1,10 [+ LPG-toeslag].",
    },
    "wallonia/annual-road-tax": {
      summary:
        "De Waalse jaarlijkse verkeersbelasting (taxe de circulation) is elk jaar verschuldigd voor een wagen die in het Waalse Gewest is ingeschreven, volgens de tabel met bedragen per fiscale pk van WIGB art. 9, die elk jaar op 1 juli wordt geïndexeerd. De opdeciemen (10 %) worden toegevoegd, en LPG-wagens betalen een aanvullende belasting.",
      formula: "schaal(fiscale pk) × 1,10 [+ LPG-toeslag].",
    },
    "brussels/annual-road-tax": {
      summary:
        "De Brusselse jaarlijkse verkeersbelasting is elk jaar verschuldigd voor een wagen die in het Brussels Hoofdstedelijk Gewest is ingeschreven, volgens de tabel met bedragen per fiscale pk van WIGB art. 9, die elk jaar op 1 juli wordt geïndexeerd. De opdeciemen (10 %) worden toegevoegd, en LPG-wagens betalen een aanvullende belasting.",
      formula: "schaal(fiscale pk) × 1,10 [+ LPG-toeslag].",
    },
    "federal/benefit-in-kind": {
      summary:
        "De gebruiker van een bedrijfswagen die hem ook privé mag gebruiken, wordt belast op een voordeel van alle aard (VAA): 6/7 van de cataloguswaarde, verminderd volgens de leeftijd, maal een CO2-percentage tussen 4 % en 18 % rond een jaarlijkse referentie-uitstoot. Het voordeel is minstens een jaarlijks geïndexeerd minimum.",
      formula:
        "cataloguswaarde × 1,21 × leeftijdscoëfficiënt × 6/7 × CO2-% (4 %–18 %), minstens het jaarlijkse minimum.",
    },
    "federal/deduction": {
      summary:
        "De kosten van een bedrijfswagen zijn voor de vennootschap aftrekbaar volgens een percentage dat daalt met de CO2-uitstoot (120 % − 0,5 % × coëfficiënt × CO2, tussen 50 % en 100 %). Wagens besteld vanaf juli 2023 vallen onder de afbouw: wagens op fossiele brandstof verliezen hun aftrek stap voor stap en emissievrije wagens behouden een percentage volgens het besteljaar.",
      formula: "120 % − 0,5 % × brandstofcoëfficiënt × CO2, begrensd door de regeling van de besteldatum.",
    },
    "federal/rejected-expenses": {
      summary:
        "Een vennootschap die een wagen ter beschikking stelt voor privégebruik, telt een deel van het voordeel van alle aard van de gebruiker bij haar verworpen uitgaven. Dat deel is 17 %, of 40 % wanneer de vennootschap ook de brandstof betaalt.",
      formula: "voordeel van alle aard (vóór eigen bijdrage) × 17 %, of × 40 % met een tank- of laadkaart.",
    },
    "federal/co2-contribution": {
      summary:
        "Een werkgever die een bedrijfswagen ter beschikking stelt voor privégebruik, betaalt een maandelijkse CO2-solidariteitsbijdrage aan de sociale zekerheid, berekend op basis van de CO2-uitstoot en de brandstof van de wagen en geïndexeerd met de gezondheidsindex. De bijdrage is minstens een geïndexeerd minimum; voor wagens besteld vanaf juli 2023 geldt een vermenigvuldigingsfactor.",
      formula: "max(((CO2 × 9) − constante) / 12 × i × factor, minimum × i) per maand; × 12 per jaar.",
    },
  },
  fr: {
    "flanders/registration-tax": {
      summary:
        "La taxe de mise en circulation (TMC) flamande (belasting op de inverkeerstelling, BIV) est due une fois, lorsqu’une voiture est mise en circulation en Région flamande, et se calcule d’après son émission de CO2, son carburant, sa norme Euro et son âge. Le montant est compris entre un minimum et un maximum indexés ; les voitures zéro émission paient, selon la date, un montant forfaitaire ou rien.",
      formula:
        "min(max((round6((CO2 × f × q) / 246)^6 × 4500 + c) × LC, minimum), maximum) pour les valeurs WLTP (NEDC : CO2 × f + x au lieu de CO2 × f × q) ; c est la composante air de la norme Euro, LC la correction d’âge.",
    },
    "wallonia/registration-tax": {
      summary:
        "La taxe de mise en circulation wallonne est due une fois, lorsqu’une voiture est immatriculée en Région wallonne ; jusqu’au 30 juin 2025, elle suit le barème de puissance de l’art. 97 du CTA avec l’éco-malus, et à partir du 1er juillet 2025, le décret du 7 septembre 2023 y ajoute le CO2, la masse et l’énergie. Le montant est compris entre un minimum et un maximum, et les voitures munies d’une plaque ancêtre paient un montant forfaitaire.",
      formula:
        "jusqu’au 30 juin 2025 : max(montant(CV fiscaux), montant(kW)) [− réduction GPL] × % d’âge, au moins le minimum, + éco-malus ; à partir du 1er juillet 2025 : min(max(MB × % d’âge × CO2/X × MMA/Y × C × index, minimum), maximum).",
    },
    "brussels/registration-tax": {
      summary:
        "La taxe de mise en circulation bruxelloise est due une fois, lorsqu’une voiture est immatriculée en Région de Bruxelles-Capitale, et suit le barème de puissance de l’art. 97 du CTA : le plus élevé des montants pour les CV fiscaux et pour les kilowatts. Les voitures d’occasion paient un pourcentage selon leur âge, les voitures au GPL bénéficient d’une réduction, et le montant est au moins le minimum.",
      formula:
        "max(montant(CV fiscaux), montant(kW)) [− réduction GPL] × % d’âge, au moins le minimum (indexé).",
    },
    "flanders/annual-road-tax": {
      summary:
        "La taxe de circulation annuelle flamande (verkeersbelasting) est due chaque année pour une voiture immatriculée en Région flamande ; elle part du barème des montants par CV fiscal, que la Flandre indexe avec son propre arrondi. Pour les voitures immatriculées pour la première fois depuis 2021 (et les voitures de société), la formule verte l’adapte selon le CO2 et la norme Euro, et les voitures zéro émission paient un montant forfaitaire.",
      formula:
        "barème(CV fiscaux) × 1,10 [+ supplément GPL] ; formule verte : max(T + T × 0,3 % × (CO2 − référence) + T × EUROcorr, minimum) [− réduction GPL] × 1,10 [+ supplément GPL].",
    },
    "wallonia/annual-road-tax": {
      summary:
        "La taxe de circulation annuelle wallonne est due chaque année pour une voiture immatriculée en Région wallonne, selon le barème des montants par CV fiscal de l’art. 9 du CTA, indexé chaque année au 1er juillet. Les décimes additionnels (10 %) s’y ajoutent, et les voitures au GPL paient une taxe complémentaire.",
      formula: "barème(CV fiscaux) × 1,10 [+ supplément GPL].",
    },
    "brussels/annual-road-tax": {
      summary:
        "La taxe de circulation annuelle bruxelloise est due chaque année pour une voiture immatriculée en Région de Bruxelles-Capitale, selon le barème des montants par CV fiscal de l’art. 9 du CTA, indexé chaque année au 1er juillet. Les décimes additionnels (10 %) s’y ajoutent, et les voitures au GPL paient une taxe complémentaire.",
      formula: "barème(CV fiscaux) × 1,10 [+ supplément GPL].",
    },
    "federal/benefit-in-kind": {
      summary:
        "L’utilisateur d’une voiture de société qui peut l’utiliser à des fins privées est imposé sur un avantage de toute nature (ATN) : 6/7 de la valeur catalogue, réduite selon l’âge, multipliés par un pourcentage CO2 compris entre 4 % et 18 % autour d’une émission de référence annuelle. L’avantage est au moins un minimum annuel indexé.",
      formula:
        "valeur catalogue × 1,21 × coefficient d’âge × 6/7 × % CO2 (4 %–18 %), au moins le minimum annuel.",
    },
    "federal/deduction": {
      summary:
        "Les frais d’une voiture de société sont déductibles pour la société selon un pourcentage qui diminue avec son émission de CO2 (120 % − 0,5 % × coefficient × CO2, entre 50 % et 100 %). Les voitures commandées à partir de juillet 2023 relèvent de l’extinction progressive : les voitures à carburant fossile perdent leur déduction par paliers et les voitures zéro émission gardent un pourcentage selon l’année de commande.",
      formula: "120 % − 0,5 % × coefficient carburant × CO2, limité par le régime de la date de commande.",
    },
    "federal/rejected-expenses": {
      summary:
        "Une société qui met une voiture à disposition pour un usage privé ajoute une partie de l’avantage de toute nature de l’utilisateur à ses dépenses non admises. Cette partie est de 17 %, ou de 40 % lorsque la société paie aussi le carburant.",
      formula:
        "avantage de toute nature (avant intervention personnelle) × 17 %, ou × 40 % avec une carte carburant.",
    },
    "federal/co2-contribution": {
      summary:
        "Un employeur qui met une voiture de société à disposition pour un usage privé paie une cotisation de solidarité CO2 mensuelle à la sécurité sociale, calculée d’après l’émission de CO2 et le carburant de la voiture et indexée selon l’indice santé. La cotisation est au moins un minimum indexé ; pour les voitures commandées à partir de juillet 2023, un multiplicateur s’applique.",
      formula: "max(((CO2 × 9) − constante) / 12 × i × multiplicateur, minimum × i) par mois ; × 12 par an.",
    },
  },
};

/** A page's summary and formula in the language (the engine's English where none is written). */
export function pageSummary(page: BookPage, language: Language): PageSummary {
  if (language === "en") return page;
  return BOOK_SUMMARIES[language][page.path] ?? page;
}
