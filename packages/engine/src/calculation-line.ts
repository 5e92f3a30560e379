import type { Calculator, Language } from "./enums";
import type { Outcome, TaxResult } from "./tax-result";
import { CALCULATOR_NAMES } from "./texts/calculator-names";
import { formatEuro, formatPercent } from "./texts/format-value";
import { NOTE_TEXTS } from "./texts/note-texts";

/**
 * A line of the HTTP API's CalculationResult (interface spec, CalculationLine), plus `outcome` and
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
  const texts = NOTE_TEXTS[language];
  const { notes, details } = result.explanation;
  if (notes.length === 0) return null;
  // A line without an amount says why first.
  const ordered = result.outcome === "amount" ? notes : [...notes].reverse();
  let description = "";
  for (const code of ordered) {
    if (description) description += " ";
    for (const segment of segmentsOf(texts[code])) {
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
  const rawValue = result.outcome === "amount" ? result.amount : 0;
  const url = result.explanation.legalSource.url || null;
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
