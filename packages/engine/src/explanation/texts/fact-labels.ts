import type { Calculator, Language } from "../../core/enums";

/**
 * How a value of the explanation is written: `euro` (formatted amount), `percent`, `gkm` (CO2, with
 * its cycle when recorded), a unit after the number, `euroClass` (a Flemish Euro class, named per
 * language), or `unit`: the parameter's own unit.
 */
export type FactKind = "euro" | "percent" | "gkm" | "kw" | "kg" | "plain" | "euroClass" | "unit";

/** One value of the explanation that a description names: the key of an input or parameter, and how to write it. */
export interface Fact {
  readonly key: string;
  readonly kind: FactKind;
}

const f = (key: string, kind: FactKind): Fact => ({ key, kind });

/**
 * The main values of each calculator's formula, in the order a reader follows them. A description
 * names those its result recorded (inputs first, then parameters); paths that did not use one
 * simply do not have it.
 */
export const FACTS_BY_CALCULATOR: Readonly<Record<Calculator, readonly Fact[]>> = {
  BenefitInKind: [
    f("catalogueValue", "euro"),
    f("ageCoefficient", "unit"),
    f("privateShare", "unit"),
    f("co2", "gkm"),
    f("co2Percent", "percent"),
    f("minimumNotReached", "euro"),
  ],
  RejectedExpenses: [f("benefitInKind", "euro"), f("rate", "unit")],
  FiscalDeduction: [f("co2", "gkm"), f("fuelCoefficient", "plain"), f("zeroEmissionPercent", "unit")],
  CO2Contribution: [f("co2", "gkm"), f("monthlyAmount", "euro")],
  RoadTax: [
    f("co2", "gkm"),
    f("euroClass", "euroClass"),
    f("kilowatt", "kw"),
    f("fiscalHorsepower", "plain"),
    f("weight", "kg"),
    f("powerAmount", "unit"),
    f("baseAmount", "unit"),
    f("zeroEmissionFlat", "unit"),
    f("agePercent", "unit"),
  ],
  YearlyTax: [
    f("fiscalHorsepower", "plain"),
    f("co2", "gkm"),
    f("euroClass", "euroClass"),
    f("scaleAmount", "unit"),
    f("zeroEmissionFlat", "unit"),
  ],
};

/** A Flemish Euro class (`euro3Dpf`) as people write it, per language; other values are written as they are. */
export const EURO_CLASS_NAMES: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  en: euroClassNames("+ particle filter"),
  nl: euroClassNames("+ roetfilter"),
  fr: euroClassNames("+ filtre à particules"),
};

function euroClassNames(filter: string): Record<string, string> {
  const names: Record<string, string> = Object.create(null);
  for (let n = 0; n <= 6; n++) names[`euro${n}`] = `Euro ${n}`;
  names.euro3Dpf = `Euro 3 ${filter}`;
  names.euro4Dpf = `Euro 4 ${filter}`;
  return names;
}

/** The words for each fact, per language (lower case: they follow one another in a sentence). */
export const FACT_LABELS: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  en: {
    catalogueValue: "catalogue value",
    ageCoefficient: "age coefficient",
    privateShare: "private-use share",
    co2: "CO2",
    co2Percent: "CO2 percentage",
    minimumNotReached: "yearly minimum (not reached)",
    benefitInKind: "benefit in kind",
    rate: "rate",
    fuelCoefficient: "fuel coefficient",
    zeroEmissionPercent: "percentage for zero-emission cars",
    monthlyAmount: "monthly amount",
    euroClass: "emission standard",
    kilowatt: "power",
    fiscalHorsepower: "fiscal horsepower",
    weight: "maximum authorised mass",
    powerAmount: "amount of the power table",
    baseAmount: "base amount",
    zeroEmissionFlat: "flat rate",
    agePercent: "age percentage",
    scaleAmount: "amount of the scale",
  },
  nl: {
    catalogueValue: "cataloguswaarde",
    ageCoefficient: "leeftijdscoëfficiënt",
    privateShare: "aandeel privégebruik",
    co2: "CO2",
    co2Percent: "CO2-percentage",
    minimumNotReached: "jaarlijks minimum (niet bereikt)",
    benefitInKind: "voordeel van alle aard",
    rate: "percentage",
    fuelCoefficient: "brandstofcoëfficiënt",
    zeroEmissionPercent: "percentage voor emissievrije wagens",
    monthlyAmount: "maandbedrag",
    euroClass: "emissienorm",
    kilowatt: "vermogen",
    fiscalHorsepower: "fiscale pk",
    weight: "maximaal toegelaten massa",
    powerAmount: "bedrag van de vermogenstabel",
    baseAmount: "basisbedrag",
    zeroEmissionFlat: "forfait",
    agePercent: "leeftijdspercentage",
    scaleAmount: "bedrag van de schaal",
  },
  fr: {
    catalogueValue: "valeur catalogue",
    ageCoefficient: "coefficient d'âge",
    privateShare: "part d'usage privé",
    co2: "CO2",
    co2Percent: "pourcentage CO2",
    minimumNotReached: "minimum annuel (non atteint)",
    benefitInKind: "avantage de toute nature",
    rate: "taux",
    fuelCoefficient: "coefficient carburant",
    zeroEmissionPercent: "pourcentage des voitures zéro émission",
    monthlyAmount: "montant mensuel",
    euroClass: "norme d'émission",
    kilowatt: "puissance",
    fiscalHorsepower: "CV fiscaux",
    weight: "masse maximale autorisée",
    powerAmount: "montant du barème de puissance",
    baseAmount: "montant de base",
    zeroEmissionFlat: "forfait",
    agePercent: "pourcentage d'âge",
    scaleAmount: "montant du barème",
  },
};
