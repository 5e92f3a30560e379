import type { Calculator } from "./enums";
import type { IsoDate } from "./iso-date";
import type { LegalSource } from "./rules/legal-texts";
import type { Source } from "./rules/source";

/**
 * What a calculator found for one year:
 * - `amount`: the tax applies and `amount` holds it;
 * - `exempt`: the tax applies to this kind of taxpayer but an exemption makes it nil;
 * - `notApplicable`: the tax does not concern this taxpayer (e.g. BIK for a private person);
 * - `rulesNotAvailable`: the parameters for that date are not published (yet).
 */
export type Outcome = "amount" | "exempt" | "notApplicable" | "rulesNotAvailable";

/** Why a line has no amount, or a remark that changed how it was computed. Texts in `texts/`. */
export type NoteCode =
  | "privatePerson"
  | "corporateTaxOnly"
  | "rulesNotPublished"
  | "assumesEmployee"
  | "electricFlatRate"
  | "co2Unknown"
  | "fakeHybrid"
  | "fakeHybridNoEquivalent"
  | "fakeHybridEquivalentOtherCycle"
  | "minimumApplied"
  | "ownContributionDeducted"
  | "fuelCard"
  | "orderedFromJuly2023"
  | "regimeCeiling"
  | "zeroEmissionByOrderYear"
  | "fossilOrderedFrom2026"
  | "pitPluginHybrid2026"
  | "grandfatheredBefore2018"
  | "co2AtLeast200"
  | "zeroEmissionExempt"
  | "zeroEmissionOrderedBeforeTransition"
  | "leasingCompany"
  | "missingWeight"
  | "missingCapacity"
  | "missingCo2"
  | "secondHand"
  | "lpgAdjustment"
  | "ecoMalus"
  | "maximumApplied"
  | "walloonReform"
  | "indexedTable"
  | "euroNormDerived"
  | "oldtimer"
  | "euro6eBisAssumed"
  | "batteryTestMaximumMass"
  | "batteryTestSkipped"
  | "pitFuelExcluded"
  | "pluginHybridFuelCapped"
  | "minimumBeforeContribution"
  | "uncertainRule";

/** A parameter of the law as it was used for this result. */
export interface ParameterUse {
  readonly name: string;
  readonly value: number | string;
  readonly unit: string;
  /** The publication the value comes from: title, address and, for official texts, the Official Journal date. */
  readonly source: Source;
  readonly provisional: boolean;
}

/** How a result was reached: formula, inputs, parameters with their sources, notes and legal basis. */
export interface Explanation {
  /** The formula applied, in the law's terms. */
  readonly formula: string;
  /** The inputs it used (after the choices of docs/engine-conventions.md, e.g. which CO2). */
  readonly inputs: Readonly<Record<string, number | string | boolean | null>>;
  readonly parameters: readonly ParameterUse[];
  readonly notes: readonly NoteCode[];
  /** Values the description texts interpolate, keyed by note. */
  readonly details: Readonly<Record<string, number | string>>;
  /** The legal basis of the calculator (article and official text). */
  readonly legalSource: LegalSource;
}

/** The result of one calculator for one year: outcome, amount, provisional flag, explanation and rules version. */
export interface TaxResult {
  readonly calculator: Calculator;
  readonly year: number;
  /** The date the line was evaluated on: the anniversary of the registration date in `year`. */
  readonly evaluationDate: IsoDate;
  readonly outcome: Outcome;
  /** Euros per year rounded to the cent; for FiscalDeduction the deductible percentage. 0 unless outcome is "amount". */
  readonly amount: number;
  readonly unit: "EUR" | "percent";
  readonly provisional: boolean;
  readonly explanation: Explanation;
  readonly rulesVersion: string;
}
