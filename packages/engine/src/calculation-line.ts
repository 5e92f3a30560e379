import { CALCULATORS, type Calculator, LANGUAGES, type Language } from "./enums";
import type { Outcome, TaxResult } from "./tax-result";
import { CALCULATOR_NAMES } from "./texts/calculator-names";
import { formatEuro, formatPercent } from "./texts/format-value";
import { NOTE_TEXTS } from "./texts/note-texts";

/**
 * A line of the HTTP API's CalculationResult (docs/contract.md, CalculationLine), plus `outcome` and
 * `provisional`, which clients may ignore.
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
  readonly outcome: Outcome;
  readonly provisional: boolean;
}

function formatDetail(value: number | string, language: Language, key: string): string {
  if (typeof value === "string") return value;
  if (key === "minimum" || key === "ownYearly" || key === "ecoMalus" || key === "maximum")
    return formatEuro(value, language);
  return String(value).replace(".", language === "en" ? "." : ",");
}

type Segment = string | { readonly key: string };
const templates = new Map<string, readonly Segment[]>();

/** A note text split once into literal parts and `{name}` placeholders. */
function segmentsOf(template: string): readonly Segment[] {
  let segments = templates.get(template);
  if (!segments) {
    segments = template
      .split(/(\{\w+\})/)
      .map((part) => (/^\{\w+\}$/.test(part) ? { key: part.slice(1, -1) } : part));
    templates.set(template, segments);
  }
  return segments;
}

/** The localised description of a result: its notes as sentences, in the order they were made. */
export function describeResult(result: TaxResult, language: Language): string | null {
  if (!isTaxResult(result)) return null;
  const texts = NOTE_TEXTS[isLanguage(language) ? language : "en"];
  const { notes, details } = result.explanation;
  if (notes.length === 0) return null;
  // A line without an amount says why first.
  const ordered = result.outcome === "amount" ? notes : [...notes].reverse();
  let description = "";
  for (const code of ordered) {
    if (description) description += " ";
    const text = texts[code];
    if (typeof text !== "string") continue;
    for (const segment of segmentsOf(text)) {
      if (typeof segment === "string") description += segment;
      else {
        const value = details[segment.key];
        if (value !== undefined) description += formatDetail(value, language, segment.key);
      }
    }
  }
  return description;
}

/** Turns an engine result into the CalculationLine of the API, in the chosen language. */
export function toCalculationLine(result: TaxResult, language: Language = "en"): CalculationLine {
  if (!isLanguage(language)) language = "en";
  if (!isTaxResult(result)) {
    // Not an engine result (e.g. parsed from elsewhere): an empty line rather than an exception.
    return {
      name: "",
      description: "not a calculation result",
      viewOption: "RoadTax",
      value: "",
      rawValue: 0,
      year: 0,
      url: null,
      hasUrl: false,
      outcome: "notApplicable",
      provisional: false,
    };
  }
  const rawValue = result.outcome === "amount" ? result.amount : 0;
  const { legalSource } = result.explanation;
  const url = legalSource.urlByLanguage?.[language] || legalSource.url || null;
  return {
    name: CALCULATOR_NAMES[language][result.calculator],
    description: describeResult(result, language),
    viewOption: result.calculator,
    value: result.unit === "percent" ? formatPercent(rawValue, language) : formatEuro(rawValue, language),
    rawValue,
    year: result.year,
    url,
    hasUrl: url !== null,
    outcome: result.outcome,
    provisional: result.provisional,
  };
}

const OUTCOMES: readonly unknown[] = ["amount", "exempt", "notApplicable", "rulesNotAvailable"];

const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

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
