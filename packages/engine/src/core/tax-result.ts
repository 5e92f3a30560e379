import type { LegalSource } from "../law/legal-texts";
import type { Source } from "../law/source";
import type { Calculator } from "./enums";
import type { IsoDate } from "./iso-date";

/**
 * What a calculator found for one year:
 * - `amount`: the tax applies and `amount` holds it;
 * - `exempt`: the tax applies to this kind of taxpayer but an exemption makes it nil;
 * - `missingInput`: the tax applies, but an input its formula needs is missing (`missingFields`
 *   names it, as the HTTP body does: `weight`, `capacity`, `wltp`, `nedC2`);
 * - `notApplicable`: the tax does not concern this taxpayer (e.g. BIK for a private person);
 * - `rulesNotAvailable`: the parameters for that date are not published (yet).
 *
 * Only `amount` and `exempt` (a true zero) have a figure; the other three have none, and `amount`
 * is then 0 only as a placeholder: never show or sum it (see `hasFigure`).
 */
export type Outcome = "amount" | "exempt" | "missingInput" | "notApplicable" | "rulesNotAvailable";

/** The outcomes without a figure: no amount exists for them, not even zero. */
export type OutcomeWithoutFigure = Exclude<Outcome, "amount" | "exempt">;

/** Whether a result has a figure (an amount, or an exemption's true zero). */
export function hasFigure(result: { readonly outcome: Outcome }): boolean {
  const outcome = (result as { outcome?: unknown } | null | undefined)?.outcome;
  return outcome === "amount" || outcome === "exempt";
}

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
  | "oldCarFlatRoadTax"
  | "euro6eBisAssumed"
  | "batteryTestMaximumMass"
  | "batteryTestSkipped"
  | "pitFuelExcluded"
  | "pluginHybridFuelCapped"
  | "minimumBeforeContribution"
  | "uncertainRule"
  | "assumedRules"
  | "parametersNotPublished"
  | "partOfYear"
  | "monthlySchedule"
  | "taxPeriodStarts"
  | "noTaxPeriodStarts"
  | "taxPeriodCutShort"
  | "monthsAvailable";

/** A parameter of the law as it was used for this result. */
export interface ParameterUse {
  readonly name: string;
  readonly value: number | string;
  readonly unit: string;
  /** The publication the value comes from: title, address and, for official texts, the Official Journal date. */
  readonly source: Source;
  readonly provisional: boolean;
  /**
   * The id of the registered parameter the value was read from (`cartax rules export`, the rule
   * book), or null for a constant that is not in the registry yet.
   */
  readonly parameter: string | null;
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
  /**
   * Euros per year rounded to the cent; for FiscalDeduction the deductible percentage. 0 unless
   * outcome is "amount": for an exemption a true zero, for the outcomes without a figure a
   * placeholder that is not a tax amount (check `hasFigure`).
   */
  readonly amount: number;
  /** With outcome `missingInput` only: the input fields the formula needs, as the HTTP body names them. */
  readonly missingFields?: readonly string[];
  readonly unit: "EUR" | "percent";
  readonly provisional: boolean;
  readonly explanation: Explanation;
  readonly rulesVersion: string;
  /**
   * Only in a projection with `assumeLatestRules`, on a line that read a parameter past its last
   * published row: the oldest year whose published value it carried (note `assumedRules`).
   * Superseded by `assumedParameters`, which names each. Never set by `calculate`.
   */
  readonly assumedRulesYear?: number;
  /**
   * Only with `assumeLatestRules`: the parameters the line read past their last published row, each
   * with the published row whose value it carried. Every other parameter is the row in force.
   */
  readonly assumedParameters?: readonly {
    readonly parameter: string;
    readonly carriedFrom: IsoDate;
    readonly publishedUntil: IsoDate;
  }[];
  /** Only on a `rulesNotAvailable` result: the parameters not yet published for its dates. */
  readonly missingParameters?: readonly string[];
}
