import type { Calculator, Region } from "../../core/enums";
import { LEGAL_TEXTS, type LegalText } from "../../law/legal-texts";
import { parameter } from "../../law/parameters";
import { GREEN_FORMULA } from "../../taxes/annual-road-tax/flanders";
import { SCALE_FORMULA, SURCHARGE_TEXT } from "../../taxes/annual-road-tax/scale";
import {
  type BikCo2Percent,
  bikFormulaText,
  type PrivateShare,
  privateShareText,
} from "../../taxes/benefit-in-kind/parameters";
import { co2ContributionFormulaText } from "../../taxes/co2-contribution/parameters";
import { deductionFormulaText } from "../../taxes/deduction/parameters";
import { WLTP_FORMULA } from "../../taxes/registration-tax/flanders";
import { REFORM_FORMULA } from "../../taxes/registration-tax/wallonia";
import { rejectedExpensesFormulaText } from "../../taxes/rejected-expenses/parameters";

/** Where a page of the rule book belongs: a region, or the federal taxes. */
export type BookScope = "federal" | "flanders" | "wallonia" | "brussels";

/** One page of the rule book: a tax in a region (or a federal tax), what the law says and its formula. */
export interface BookPageDefinition {
  readonly scope: BookScope;
  /** The tax named after the law, as the page's address segment. */
  readonly tax:
    | "registration-tax"
    | "annual-road-tax"
    | "benefit-in-kind"
    | "deduction"
    | "rejected-expenses"
    | "co2-contribution";
  /** The spec's calculator whose lines the page explains. */
  readonly calculator: Calculator;
  /** The legal texts the calculator rests on (article and act, with their addresses). */
  readonly legalTexts: readonly LegalText[];
  /** What the law says, in two sentences (English: the law's own texts are in Dutch and French). */
  readonly summary: string;
  /** The formula the calculator applies, in the law's terms. */
  readonly formula: string;
}

/** The region of the engine's enumeration a scope stands for (none for federal pages). */
export const SCOPE_REGION: Readonly<Record<BookScope, Region | null>> = {
  federal: null,
  flanders: "Flanders",
  wallonia: "Wallonia",
  brussels: "Brussels",
};

/**
 * The value of a parameter's latest row: the book's formulas and summaries are written with the
 * numbers in force last (each parameter's table on the page lists every period), never restated.
 */
function latest<T>(id: string): T {
  const rows = parameter<T>(id).rows;
  const last = rows[rows.length - 1];
  if (!last) throw new Error(`parameter ${id} has no row`);
  return last.value;
}

const vat = latest<number>("bik.catalogueVatFactor");
const share = latest<PrivateShare>("bik.privateShare");
const bikPercent = latest<BikCo2Percent>("bik.co2Percent");
const deduction = latest<{ start: number; perGram: number; floor: number; maximum: number }>(
  "deduction.formula",
);
const rejected = latest<{ standard: number; withFuelCard: number }>("rejectedExpenses.rates");
const rejectedZeroEmission = latest<number>("rejectedExpenses.zeroEmissionFuelCardRate");
const co2Contribution = latest<{ gramFactor: number }>("co2Contribution.formula");

/**
 * The pages, in the order of the index. The summaries and formulas say what the calculators
 * implement (their formulas are the `formula` of the explanations); the parameters and vectors
 * of each page are found from the registry and `test-vectors/`, never listed here.
 */
export const BOOK_PAGES: readonly BookPageDefinition[] = [
  {
    scope: "flanders",
    tax: "registration-tax",
    calculator: "RoadTax",
    legalTexts: [LEGAL_TEXTS.flandersBiv, LEGAL_TEXTS.flandersBivLeasing],
    summary:
      "The Flemish registration tax (belasting op de inverkeerstelling, BIV) is due once when a car is put into circulation in the Flemish Region, and is computed from its CO2 emission, fuel, Euro standard and age. The amount is bounded by an indexed minimum and maximum; zero-emission cars pay a flat amount or nothing, depending on the date.",
    formula: `${WLTP_FORMULA} for WLTP values (NEDC: CO2 × f + x instead of CO2 × f × q); c is the air component of the Euro standard, LC the age correction.`,
  },
  {
    scope: "wallonia",
    tax: "registration-tax",
    calculator: "RoadTax",
    legalTexts: [LEGAL_TEXTS.walloniaTmc, LEGAL_TEXTS.walloniaTmcReform],
    summary:
      "The Walloon registration tax (taxe de mise en circulation) is due once when a car is registered in the Walloon Region; until 30 June 2025 it follows the power table of CTA art. 97 with the eco-malus, and from 1 July 2025 the decree of 7 September 2023 adds CO2, mass and energy to it. The amount is bounded by a minimum and a maximum, and cars with an oldtimer plate pay a flat amount.",
    formula: `until 30 June 2025: max(amount(fiscal HP), amount(kW)) [− LPG reduction] × age %, at least the minimum, + eco-malus; from 1 July 2025: ${REFORM_FORMULA}.`,
  },
  {
    scope: "brussels",
    tax: "registration-tax",
    calculator: "RoadTax",
    legalTexts: [LEGAL_TEXTS.brusselsTmc],
    summary:
      "The Brussels registration tax (taxe de mise en circulation / belasting op de inverkeerstelling) is due once when a car is registered in the Brussels-Capital Region, and follows the power table of CTA art. 97: the higher of the amounts for the fiscal horsepower and for the kilowatts. Second-hand cars pay a percentage by age, LPG cars get a reduction, and the amount is at least the minimum.",
    formula: "max(amount(fiscal HP), amount(kW)) [− LPG reduction] × age %, at least the minimum (indexed).",
  },
  {
    scope: "flanders",
    tax: "annual-road-tax",
    calculator: "YearlyTax",
    legalTexts: [LEGAL_TEXTS.flandersRoadTax],
    summary:
      "The Flemish annual road tax (verkeersbelasting) is due every year for a car registered in the Flemish Region; it starts from the table of amounts by fiscal horsepower, indexed by Flanders with its own rounding. For cars first registered since 2021 (and company cars) the green formula adjusts it by CO2 and Euro standard, and zero-emission cars pay a flat amount.",
    formula: `${SCALE_FORMULA}; green formula: ${GREEN_FORMULA}.`,
  },
  {
    scope: "wallonia",
    tax: "annual-road-tax",
    calculator: "YearlyTax",
    legalTexts: [LEGAL_TEXTS.walloniaRoadTax],
    summary: `The Walloon annual road tax (taxe de circulation) is due every year for a car registered in the Walloon Region, from the table of amounts by fiscal horsepower of CTA art. 9, indexed every year on 1 July. The surcharge (décimes additionnels, ${SURCHARGE_TEXT}) is added, and LPG cars pay a supplement.`,
    formula: `${SCALE_FORMULA}.`,
  },
  {
    scope: "brussels",
    tax: "annual-road-tax",
    calculator: "YearlyTax",
    legalTexts: [LEGAL_TEXTS.brusselsRoadTax],
    summary: `The Brussels annual road tax (taxe de circulation / verkeersbelasting) is due every year for a car registered in the Brussels-Capital Region, from the table of amounts by fiscal horsepower of CTA art. 9, indexed every year on 1 July. The surcharge (décimes additionnels / opdeciemen, ${SURCHARGE_TEXT}) is added, and LPG cars pay a supplement.`,
    formula: `${SCALE_FORMULA}.`,
  },
  {
    scope: "federal",
    tax: "benefit-in-kind",
    calculator: "BenefitInKind",
    legalTexts: [LEGAL_TEXTS.benefitInKind],
    summary: `The user of a company car who may use it privately is taxed on a benefit in kind: ${privateShareText(share)} of the catalogue value, reduced by age, times a CO2 percentage between ${bikPercent.minimum} % and ${bikPercent.maximum} % around a yearly reference emission. The benefit is at least a yearly indexed minimum.`,
    formula: `${bikFormulaText(vat, share, bikPercent)}.`,
  },
  {
    scope: "federal",
    tax: "deduction",
    calculator: "FiscalDeduction",
    legalTexts: [LEGAL_TEXTS.fiscalDeduction],
    summary: `The costs of a company car are deductible for the company by a percentage that falls with its CO2 emission (${deduction.start} % − ${deduction.perGram} % × coefficient × CO2, between ${deduction.floor} % and ${deduction.maximum} %). Cars ordered from July 2023 fall under the phase-out: fossil-fuel cars lose their deduction step by step and zero-emission cars keep a percentage by order year.`,
    formula: `${deductionFormulaText(deduction)}.`,
  },
  {
    scope: "federal",
    tax: "rejected-expenses",
    calculator: "RejectedExpenses",
    legalTexts: [LEGAL_TEXTS.rejectedExpenses],
    summary: `A company that gives a car for private use adds part of the user's benefit in kind to its disallowed expenses. The part is ${rejected.standard} %, or ${rejected.withFuelCard} % when the company also pays the fuel.`,
    formula: `${rejectedExpensesFormulaText(rejected, rejectedZeroEmission)}.`,
  },
  {
    scope: "federal",
    tax: "co2-contribution",
    calculator: "CO2Contribution",
    legalTexts: [LEGAL_TEXTS.co2Contribution],
    summary:
      "An employer who gives a company car for private use pays a monthly solidarity contribution to social security, computed from the car's CO2 emission and fuel and indexed with the health index. The contribution is at least an indexed minimum; for cars ordered from July 2023 a multiplier applies.",
    formula: `${co2ContributionFormulaText(co2Contribution.gramFactor)}.`,
  },
];
