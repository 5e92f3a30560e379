import type { Language } from "../../core/enums";
import type { NoteCode } from "../../core/tax-result";

/**
 * Sentences of the line descriptions, per note code. `{name}` is replaced by the result's detail
 * of that name (formatted for the language).
 */
export const NOTE_TEXTS: Readonly<Record<Language, Readonly<Record<NoteCode, string>>>> = {
  en: {
    privatePerson: "Not applicable to a private person.",
    corporateTaxOnly:
      "Not applicable: rejected expenses are a corporate-tax rule; a sole proprietor is taxed in personal income tax.",
    rulesNotPublished: "The rules for this year are not published yet.",
    assumesEmployee: "Assumes the car is made available to an employee.",
    electricFlatRate: "Zero-emission car: flat rate.",
    co2Unknown: "CO2 emission unknown: the legal fallback for an unknown emission applies.",
    fakeHybrid:
      "Fake plug-in hybrid: calculated on the CO2 of the equivalent non-hybrid car, {substituteCo2} g/km ({equivalentCycle}, against the hybrid's {equivalentOwnCo2} g/km {equivalentCycle}).",
    fakeHybridNoEquivalent:
      "Fake plug-in hybrid with no known equivalent non-hybrid car: calculated on its own CO2 × {fakeHybridMultiplier} = {substituteCo2} g/km.",
    fakeHybridEquivalentOtherCycle:
      "Fake plug-in hybrid: calculated on the CO2 of the equivalent non-hybrid car, {substituteCo2} g/km ({equivalentCycle}; the hybrid's own figure is known only in the other cycle).",
    minimumApplied: "The legal minimum applies ({minimum}).",
    ownContributionDeducted: "Own contribution of {ownYearly} per year deducted.",
    fuelCard: "A fuel or charging card is provided: {rate} % instead of {standardRate} %.",
    orderedFromJuly2023: "Car ordered from 1 July 2023.",
    regimeCeiling: "Ceiling for this year: {ceiling} %.",
    zeroEmissionByOrderYear: "Zero-emission car: percentage set by the order year.",
    fossilOrderedFrom2026: "CO2-emitting car ordered from 1 January 2026: not deductible.",
    pitPluginHybrid2026:
      "Plug-in hybrid ordered from 2026 (personal income tax, law of 18/12/2025): provisional.",
    grandfatheredBefore2018: "Acquired before 2018 by a sole proprietor: at least {grandfatheredMin} %.",
    co2AtLeast200: "CO2 of {highCo2From} g/km or more: {highCo2Percent} %.",
    zeroEmissionExempt: "Zero-emission car: exempt.",
    zeroEmissionOrderedBeforeTransition:
      "Zero-emission car ordered on {orderDate}, before 6 October 2025: exempt under the transition rule (VCF art. {transitionArticle}), provided the order form and the Flemish tax service's form were filed before 15 January 2026, when the transition closed; without that filing the 2026 rules apply.",
    leasingCompany: "Registered to a leasing company: leasing regime.",
    missingWeight: "The maximum authorised mass (weight) is needed for this tax.",
    missingCapacity: "The engine capacity is needed for this tax.",
    missingCo2: "The CO2 emission is needed for this tax.",
    secondHand: "Second-hand car: age reduction applied.",
    lpgAdjustment: "LPG car: LPG adjustment applied.",
    ecoMalus: "Eco-malus included ({ecoMalus}).",
    maximumApplied: "The legal maximum applies ({maximum}).",
    walloonReform: "Walloon registration tax as reformed on 1 July 2025.",
    indexedTable: "Indexed amounts of the period from {indexWindow}.",
    euroNormDerived: "Euro norm unknown: derived from the first registration date ({euroClass}).",
    oldtimer: "Car first registered at least {oldtimerYears} years ago: the minimum applies.",
    oldCarFlatRoadTax: "Car first registered more than {years} years ago: flat road tax for old cars.",
    euro6eBisAssumed:
      "Euro 6e-bis status inferred from the registration date; it decides the fake-hybrid limit: provisional.",
    batteryTestMaximumMass:
      "Battery test on the maximum authorised mass ({batteryTestMass} kg); the law uses the mass in running order.",
    batteryTestSkipped: "No weight given: the battery condition of a genuine plug-in hybrid was not checked.",
    pitFuelExcluded:
      "Fuel costs are no longer deductible from 2026 in personal income tax; this percentage covers the other car costs.",
    pluginHybridFuelCapped: "Fossil fuel of this plug-in hybrid: at most 50 %.",
    minimumBeforeContribution:
      "The minimum is applied before the own contribution (order not settled by a published example).",
    uncertainRule: "This rule is not settled by an authoritative source: provisional.",
    assumedRules:
      "Not yet published for {lineYear}, so carried from the latest publication: {carriedParameters}. Every other rule is the one in force (an estimate, provisional).",
    parametersNotPublished: "Not yet published for {lineYear}: {missingParameters}.",
    partOfYear: "Counts the part of the year the car is held: {partFrom} to {partUntil} ({partDays} days).",
    monthlySchedule:
      "Sum of the months: the yearly amount at each month's age coefficient × the days available in the month ÷ {daysInYear}.",
    taxPeriodStarts: "Due for the taxable period from {periodFrom} to {periodUntil}.",
    taxPeriodCutShort:
      "Deregistered on {deregistration}: due for the {monthsDue} months of the period before that month, the rest refunded.",
    noTaxPeriodStarts: "No taxable period starts this year while the car is held: nothing due.",
    monthsAvailable: "{monthsAvailable} months of availability × the monthly amount.",
  },
  nl: {
    privatePerson: "Niet van toepassing op een privépersoon.",
    corporateTaxOnly:
      "Niet van toepassing: verworpen uitgaven zijn een regel van de vennootschapsbelasting; een eenmanszaak valt onder de personenbelasting.",
    rulesNotPublished: "De regels voor dit jaar zijn nog niet gepubliceerd.",
    assumesEmployee: "Er wordt verondersteld dat de wagen ter beschikking wordt gesteld van een werknemer.",
    electricFlatRate: "Emissievrije wagen: forfaitair tarief.",
    co2Unknown:
      "CO2-uitstoot onbekend: de wettelijke regeling voor een onbekende uitstoot is van toepassing.",
    fakeHybrid:
      "Valse plug-inhybride: berekend op de CO2-uitstoot van het equivalente niet-hybride voertuig, {substituteCo2} g/km ({equivalentCycle}, tegenover {equivalentOwnCo2} g/km {equivalentCycle} van de hybride).",
    fakeHybridNoEquivalent:
      "Valse plug-inhybride zonder gekend equivalent niet-hybride voertuig: berekend op de eigen CO2-uitstoot × {fakeHybridMultiplier} = {substituteCo2} g/km.",
    fakeHybridEquivalentOtherCycle:
      "Valse plug-inhybride: berekend op de CO2-uitstoot van het equivalente niet-hybride voertuig, {substituteCo2} g/km ({equivalentCycle}; de eigen uitstoot van de hybride is enkel in de andere cyclus gekend).",
    minimumApplied: "Het wettelijke minimum is van toepassing ({minimum}).",
    ownContributionDeducted: "Eigen bijdrage van {ownYearly} per jaar afgetrokken.",
    fuelCard: "Er is een tank- of laadkaart: {rate} % in plaats van {standardRate} %.",
    orderedFromJuly2023: "Wagen besteld vanaf 1 juli 2023.",
    regimeCeiling: "Plafond voor dit jaar: {ceiling} %.",
    zeroEmissionByOrderYear: "Emissievrije wagen: percentage volgens het besteljaar.",
    fossilOrderedFrom2026: "Wagen met CO2-uitstoot besteld vanaf 1 januari 2026: niet aftrekbaar.",
    pitPluginHybrid2026:
      "Plug-inhybride besteld vanaf 2026 (personenbelasting, wet van 18/12/2025): voorlopig.",
    grandfatheredBefore2018: "Verworven vóór 2018 door een eenmanszaak: minstens {grandfatheredMin} %.",
    co2AtLeast200: "CO2-uitstoot van {highCo2From} g/km of meer: {highCo2Percent} %.",
    zeroEmissionExempt: "Emissievrije wagen: vrijgesteld.",
    zeroEmissionOrderedBeforeTransition:
      "Emissievrije wagen besteld op {orderDate}, vóór 6 oktober 2025: vrijgesteld volgens de overgangsregeling (VCF art. {transitionArticle}), op voorwaarde dat de bestelbon en het formulier van de Vlaamse Belastingdienst vóór 15 januari 2026 werden ingediend, de einddatum van de overgangsregeling; zonder die indiening gelden de regels van 2026.",
    leasingCompany: "Ingeschreven op naam van een leasingmaatschappij: leasingregeling.",
    missingWeight: "De maximaal toegelaten massa (weight) is nodig voor deze belasting.",
    missingCapacity: "De cilinderinhoud is nodig voor deze belasting.",
    missingCo2: "De CO2-uitstoot is nodig voor deze belasting.",
    secondHand: "Tweedehandswagen: leeftijdsvermindering toegepast.",
    lpgAdjustment: "LPG-wagen: LPG-correctie toegepast.",
    ecoMalus: "Inclusief ecomalus ({ecoMalus}).",
    maximumApplied: "Het wettelijke maximum is van toepassing ({maximum}).",
    walloonReform: "Waalse BIV zoals hervormd op 1 juli 2025.",
    indexedTable: "Geïndexeerde bedragen van de periode vanaf {indexWindow}.",
    euroNormDerived: "Euronorm onbekend: afgeleid uit de datum van eerste inschrijving ({euroClass}).",
    oldtimer:
      "Wagen die minstens {oldtimerYears} jaar geleden voor het eerst werd ingeschreven: het minimum is van toepassing.",
    oldCarFlatRoadTax:
      "Wagen die meer dan {years} jaar geleden voor het eerst werd ingeschreven: forfaitaire verkeersbelasting voor oude wagens.",
    euro6eBisAssumed:
      "Euro 6e-bis afgeleid uit de inschrijvingsdatum; dat bepaalt de grens voor valse hybrides: voorlopig.",
    batteryTestMaximumMass:
      "Batterijtest op de maximaal toegelaten massa ({batteryTestMass} kg); de wet gebruikt de massa in rijklare toestand.",
    batteryTestSkipped:
      "Geen gewicht opgegeven: de batterijvoorwaarde van een echte plug-inhybride is niet gecontroleerd.",
    pitFuelExcluded:
      "Brandstofkosten zijn vanaf 2026 niet meer aftrekbaar in de personenbelasting; dit percentage geldt voor de andere autokosten.",
    pluginHybridFuelCapped: "Fossiele brandstof van deze plug-inhybride: hoogstens 50 %.",
    minimumBeforeContribution:
      "Het minimum wordt toegepast vóór de eigen bijdrage (volgorde niet bevestigd door een gepubliceerd voorbeeld).",
    uncertainRule: "Deze regel is niet bevestigd door een gezaghebbende bron: voorlopig.",
    assumedRules:
      "Nog niet gepubliceerd voor {lineYear}, dus overgenomen van de laatste publicatie: {carriedParameters}. Alle andere regels zijn die van kracht (een raming, voorlopig).",
    parametersNotPublished: "Nog niet gepubliceerd voor {lineYear}: {missingParameters}.",
    partOfYear:
      "Telt het deel van het jaar dat de wagen gehouden wordt: {partFrom} tot {partUntil} ({partDays} dagen).",
    monthlySchedule:
      "Som van de maanden: het jaarbedrag met de leeftijdscoëfficiënt van elke maand × de dagen ter beschikking in de maand ÷ {daysInYear}.",
    taxPeriodStarts: "Verschuldigd voor het belastbaar tijdperk van {periodFrom} tot {periodUntil}.",
    taxPeriodCutShort:
      "Uitgeschreven op {deregistration}: verschuldigd voor de {monthsDue} maanden van het tijdperk vóór die maand, de rest terugbetaald.",
    noTaxPeriodStarts:
      "Dit jaar begint geen belastbaar tijdperk terwijl de wagen gehouden wordt: niets verschuldigd.",
    monthsAvailable: "{monthsAvailable} maanden ter beschikking × het maandbedrag.",
  },
  fr: {
    privatePerson: "Non applicable à une personne privée.",
    corporateTaxOnly:
      "Non applicable : les dépenses non admises relèvent de l'impôt des sociétés ; une entreprise individuelle est soumise à l'impôt des personnes physiques.",
    rulesNotPublished: "Les règles de cette année ne sont pas encore publiées.",
    assumesEmployee: "Suppose que la voiture est mise à la disposition d'un travailleur.",
    electricFlatRate: "Voiture zéro émission : taux forfaitaire.",
    co2Unknown: "Émission de CO2 inconnue : la règle légale pour une émission inconnue s'applique.",
    fakeHybrid:
      "Faux hybride rechargeable : calculé sur les émissions de CO2 du véhicule non hybride équivalent, {substituteCo2} g/km ({equivalentCycle}, contre {equivalentOwnCo2} g/km {equivalentCycle} pour l'hybride).",
    fakeHybridNoEquivalent:
      "Faux hybride rechargeable sans véhicule non hybride équivalent connu : calculé sur ses propres émissions de CO2 × {fakeHybridMultiplier} = {substituteCo2} g/km.",
    fakeHybridEquivalentOtherCycle:
      "Faux hybride rechargeable : calculé sur les émissions de CO2 du véhicule non hybride équivalent, {substituteCo2} g/km ({equivalentCycle} ; les émissions propres de l'hybride ne sont connues que dans l'autre cycle).",
    minimumApplied: "Le minimum légal s'applique ({minimum}).",
    ownContributionDeducted: "Intervention personnelle de {ownYearly} par an déduite.",
    fuelCard: "Une carte carburant ou de recharge est fournie : {rate} % au lieu de {standardRate} %.",
    orderedFromJuly2023: "Voiture commandée à partir du 1er juillet 2023.",
    regimeCeiling: "Plafond pour cette année : {ceiling} %.",
    zeroEmissionByOrderYear: "Voiture zéro émission : pourcentage fixé par l'année de commande.",
    fossilOrderedFrom2026: "Voiture émettant du CO2 commandée à partir du 1er janvier 2026 : non déductible.",
    pitPluginHybrid2026:
      "Hybride rechargeable commandé à partir de 2026 (IPP, loi du 18/12/2025) : provisoire.",
    grandfatheredBefore2018:
      "Acquise avant 2018 par une entreprise individuelle : au moins {grandfatheredMin} %.",
    co2AtLeast200: "CO2 de {highCo2From} g/km ou plus : {highCo2Percent} %.",
    zeroEmissionExempt: "Voiture zéro émission : exonérée.",
    zeroEmissionOrderedBeforeTransition:
      "Voiture zéro émission commandée le {orderDate}, avant le 6 octobre 2025 : exonérée en vertu du régime transitoire (VCF art. {transitionArticle}), à condition que le bon de commande et le formulaire du service flamand des impôts aient été déposés avant le 15 janvier 2026, fin du régime transitoire ; sans ce dépôt, les règles de 2026 s'appliquent.",
    leasingCompany: "Immatriculée au nom d'une société de leasing : régime leasing.",
    missingWeight: "La masse maximale autorisée (weight) est nécessaire pour cette taxe.",
    missingCapacity: "La cylindrée est nécessaire pour cette taxe.",
    missingCo2: "L'émission de CO2 est nécessaire pour cette taxe.",
    secondHand: "Voiture d'occasion : réduction selon l'âge appliquée.",
    lpgAdjustment: "Voiture LPG : correction LPG appliquée.",
    ecoMalus: "Éco-malus compris ({ecoMalus}).",
    maximumApplied: "Le maximum légal s'applique ({maximum}).",
    walloonReform: "TMC wallonne réformée au 1er juillet 2025.",
    indexedTable: "Montants indexés de la période à partir du {indexWindow}.",
    euroNormDerived: "Norme Euro inconnue : déduite de la date de première immatriculation ({euroClass}).",
    oldtimer:
      "Voiture immatriculée pour la première fois il y a au moins {oldtimerYears} ans : le minimum s'applique.",
    oldCarFlatRoadTax:
      "Voiture immatriculée pour la première fois il y a plus de {years} ans : taxe de circulation forfaitaire des véhicules anciens.",
    euro6eBisAssumed:
      "Norme Euro 6e-bis déduite de la date d'immatriculation ; elle fixe la limite des faux hybrides : provisoire.",
    batteryTestMaximumMass:
      "Test de la batterie sur la masse maximale autorisée ({batteryTestMass} kg) ; la loi utilise la masse en ordre de marche.",
    batteryTestSkipped:
      "Aucun poids indiqué : la condition de batterie d'un véritable hybride rechargeable n'a pas été vérifiée.",
    pitFuelExcluded:
      "Les frais de carburant ne sont plus déductibles à partir de 2026 à l'IPP ; ce pourcentage vaut pour les autres frais de voiture.",
    pluginHybridFuelCapped: "Carburant fossile de cet hybride rechargeable : au maximum 50 %.",
    minimumBeforeContribution:
      "Le minimum est appliqué avant l'intervention personnelle (ordre non confirmé par un exemple publié).",
    uncertainRule: "Cette règle n'est pas confirmée par une source officielle : provisoire.",
    assumedRules:
      "Pas encore publié pour {lineYear}, donc repris de la dernière publication : {carriedParameters}. Toutes les autres règles sont celles en vigueur (une estimation, provisoire).",
    parametersNotPublished: "Pas encore publié pour {lineYear} : {missingParameters}.",
    partOfYear:
      "Compte la partie de l'année où la voiture est détenue : du {partFrom} au {partUntil} ({partDays} jours).",
    monthlySchedule:
      "Somme des mois : le montant annuel au coefficient d'âge de chaque mois × les jours de mise à disposition du mois ÷ {daysInYear}.",
    taxPeriodStarts: "Due pour la période imposable du {periodFrom} au {periodUntil}.",
    taxPeriodCutShort:
      "Radiée le {deregistration} : due pour les {monthsDue} mois de la période avant ce mois, le reste remboursé.",
    noTaxPeriodStarts:
      "Aucune période imposable ne commence cette année pendant la détention : rien n'est dû.",
    monthsAvailable: "{monthsAvailable} mois de mise à disposition × le montant mensuel.",
  },
};
