import { CALCULATORS, type Calculator, type Language } from "../core/enums";
import { hasFigure, type OutcomeWithoutFigure, type TaxResult } from "../core/tax-result";
import { isLanguage, lineDescription } from "./line-description";
import { CALCULATOR_NAMES } from "./texts/calculator-names";
import { euroText, percentText } from "./texts/format-value";

/**
 * A line of the HTTP API's CalculationResult (docs/contract.md, CalculationLine), plus `outcome` and
 * `provisional`, which clients may ignore. Only results with a figure become lines: an amount, or
 * the true zero of an exemption.
 */
export interface CalculationLine {
  readonly name: string;
  readonly description: string | null;
  readonly viewOption: Calculator;
  readonly value: string;
  readonly rawValue: number;
  readonly year: number;
  readonly url: string | null;
  readonly hasUrl: boolean;
  readonly outcome: "amount" | "exempt";
  readonly provisional: boolean;
  /**
   * Only on a projection's line of a year whose rules are not published, with `assumeLatestRules`:
   * the year whose rules the figure applied (the description says so too).
   */
  readonly assumedRulesYear?: number;
  /**
   * With `assumedRulesYear`: each parameter the figure read past its last published row, and the
   * published row (its first day) whose value it carried; every other parameter is the row in force.
   */
  readonly assumedParameters?: readonly {
    readonly parameter: string;
    readonly carriedFrom: string;
    readonly publishedUntil: string;
  }[];
}

/**
 * A calculator and year that has no figure (the HTTP API's `unavailableLines`): it has no value and
 * no rawValue, so it can never be read or summed as a zero tax.
 */
export interface UnavailableLine {
  /** Display name of the calculation, localised. */
  readonly name: string;
  readonly viewOption: Calculator;
  readonly year: number;
  /** Why there is no figure: an input is missing, the tax does not concern this taxpayer, or its rules are not published. */
  readonly outcome: OutcomeWithoutFigure;
  /** With outcome `missingInput` only: the fields to give, as the request names them. */
  readonly missingFields?: readonly string[];
  /** With outcome `rulesNotAvailable`, when known: the parameters not yet published for its dates. */
  readonly missingParameters?: readonly string[];
  /** Why there is no figure, in a sentence of the request's language. */
  readonly reason: string;
  /** The law of the tax (as on lines with a figure), or null. */
  readonly url: string | null;
  readonly hasUrl: boolean;
}

/** The lines of a calculation split by the one rule: figures in `lines`, the rest in `unavailableLines`. */
export interface CalculationLines {
  readonly lines: CalculationLine[];
  readonly unavailableLines: UnavailableLine[];
}

/**
 * The localised description of a result (see `lineDescription`): how a figure was reached, then the
 * notes; for a result without a figure, why. Null for a value that is not an engine result.
 */
export function describeResult(result: TaxResult, language: Language): string | null {
  if (!isTaxResult(result)) return null;
  return lineDescription(result, isLanguage(language) ? language : "en");
}

/**
 * Turns an engine result into a line of the API, in the chosen language: a CalculationLine when it
 * has a figure, else an UnavailableLine (no value, no rawValue). Narrow on `outcome` (or `"value" in
 * line`) before reading a value.
 */
export function toCalculationLine(
  result: TaxResult,
  language: Language = "en",
): CalculationLine | UnavailableLine {
  return lineOf(result, isLanguage(language) ? language : "en");
}

/** toCalculationLine for a language already checked. */
function lineOf(result: TaxResult, language: Language): CalculationLine | UnavailableLine {
  if (!isTaxResult(result)) {
    // Not an engine result (e.g. parsed from elsewhere): a line without a figure rather than an exception.
    return {
      name: "",
      viewOption: "RoadTax",
      year: 0,
      outcome: "notApplicable",
      reason: "not a calculation result",
      url: null,
      hasUrl: false,
    };
  }
  if (!hasFigure(result)) return toUnavailableLine(result, language);
  return toLineWithFigure(result, language);
}

/** The results as the API answers them: figures in `lines`, the others in `unavailableLines`, both in order. */
export function toCalculationLines(
  results: readonly TaxResult[],
  language: Language = "en",
): CalculationLines {
  const lines: CalculationLine[] = [];
  const unavailableLines: UnavailableLine[] = [];
  if (!Array.isArray(results)) return { lines, unavailableLines };
  if (!isLanguage(language)) language = "en";
  for (let i = 0; i < results.length; i++) {
    const result = results[i] as TaxResult;
    if (!isTaxResult(result)) unavailableLines.push(lineOf(result, language) as UnavailableLine);
    else if (hasFigure(result)) lines.push(toLineWithFigure(result, language));
    else unavailableLines.push(toUnavailableLine(result, language));
  }
  return { lines, unavailableLines };
}

function toUnavailableLine(result: TaxResult, language: Language): UnavailableLine {
  const outcome = result.outcome as OutcomeWithoutFigure;
  const name = CALCULATOR_NAMES[language][result.calculator];
  const reason = lineDescription(result, language) || NO_FIGURE_REASONS[language][outcome];
  const url = urlOf(result, language);
  const { calculator: viewOption, year } = result;
  return outcome === "missingInput"
    ? {
        name,
        viewOption,
        year,
        outcome,
        missingFields: result.missingFields ?? [],
        reason,
        url,
        hasUrl: url !== null,
      }
    : result.missingParameters !== undefined
      ? {
          name,
          viewOption,
          year,
          outcome,
          missingParameters: result.missingParameters,
          reason,
          url,
          hasUrl: url !== null,
        }
      : { name, viewOption, year, outcome, reason, url, hasUrl: url !== null };
}

/** The law of the result's tax, in the language's version where there is one. */
function urlOf(result: TaxResult, language: Language): string | null {
  const { legalSource } = result.explanation;
  return legalSource.urlByLanguage?.[language] || legalSource.url || null;
}

function toLineWithFigure(result: TaxResult, language: Language): CalculationLine {
  const amount = result.outcome === "amount";
  const rawValue = amount ? result.amount : 0;
  const url = urlOf(result, language);
  const line: CalculationLine = {
    name: CALCULATOR_NAMES[language][result.calculator],
    description: lineDescription(result, language),
    viewOption: result.calculator,
    value: result.unit === "percent" ? percentText(rawValue, language) : euroText(rawValue, language),
    rawValue,
    year: result.year,
    url,
    hasUrl: url !== null,
    outcome: amount ? "amount" : "exempt",
    provisional: result.provisional,
  };
  // Only a projection's assumed line carries the key: Calculate's lines keep their one shape.
  return result.assumedRulesYear === undefined
    ? line
    : {
        ...line,
        assumedRulesYear: result.assumedRulesYear,
        assumedParameters: result.assumedParameters ?? [],
      };
}

/** Said when a result without a figure carries no note (its notes give the precise reason otherwise). */
const NO_FIGURE_REASONS: Readonly<Record<Language, Readonly<Record<OutcomeWithoutFigure, string>>>> = {
  en: {
    missingInput: "An input this tax needs is missing.",
    notApplicable: "This tax does not concern this taxpayer.",
    rulesNotAvailable: "The rules for this year are not published yet.",
  },
  nl: {
    missingInput: "Een gegeven dat deze belasting nodig heeft, ontbreekt.",
    notApplicable: "Deze belasting betreft deze belastingplichtige niet.",
    rulesNotAvailable: "De regels voor dit jaar zijn nog niet gepubliceerd.",
  },
  fr: {
    missingInput: "Une donnée nécessaire à cette taxe manque.",
    notApplicable: "Cette taxe ne concerne pas ce contribuable.",
    rulesNotAvailable: "Les règles de cette année ne sont pas encore publiées.",
  },
};

const OUTCOMES: readonly unknown[] = [
  "amount",
  "exempt",
  "missingInput",
  "notApplicable",
  "rulesNotAvailable",
];

/** Whether a value has the shape of an engine TaxResult (checked at run time). */
function isTaxResult(value: unknown): value is TaxResult {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Partial<Record<keyof TaxResult, unknown>>;
  const e = r.explanation as Partial<Record<string, unknown>> | null | undefined;
  return (
    (CALCULATORS as readonly unknown[]).includes(r.calculator) &&
    OUTCOMES.includes(r.outcome) &&
    typeof r.amount === "number" &&
    Number.isFinite(r.amount) &&
    typeof r.year === "number" &&
    (r.unit === "EUR" || r.unit === "percent") &&
    typeof e === "object" &&
    e !== null &&
    Array.isArray(e.notes) &&
    typeof e.details === "object" &&
    e.details !== null &&
    typeof e.legalSource === "object" &&
    e.legalSource !== null
  );
}
