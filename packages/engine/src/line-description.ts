import { CALCULATORS, type Calculator, type Language } from "./enums";
import { hasFigure, type NoteCode, type ParameterUse, type TaxResult } from "./tax-result";
import { EURO_CLASS_NAMES, FACT_LABELS, FACTS_BY_CALCULATOR, type FactKind } from "./texts/fact-labels";
import { decimalText as decimal, euroText, spaceBeforeSign } from "./texts/format-value";
import { NOTE_TEXTS } from "./texts/note-texts";

// Lines are rendered for every Calculate (issue 20's budget: calculate + lines ≤ 1.2× calculate),
// so everything that depends only on the language is prepared once at load: the labels of the
// facts with their separators, and the note texts split into literal parts and placeholders.

/** A fact as a description writes it: the key, how to write the value, and the words before it. */
interface FactPlan {
  readonly key: string;
  readonly kind: FactKind;
  /** "Catalogue value ": the label when the fact opens the description. */
  readonly first: string;
  /** ", catalogue value ": the label after another fact. */
  readonly next: string;
}

/** A note text: one string when it has no placeholder, else its parts (`{name}` as `{ key }`). */
type NotePlan = string | readonly (string | { readonly key: string })[];

interface LanguagePlan {
  readonly facts: Readonly<Record<Calculator, readonly FactPlan[]>>;
  /** By note code; no prototype, so a code from elsewhere (e.g. "constructor") finds nothing. */
  readonly notes: Readonly<Record<string, NotePlan | undefined>>;
}

function notePlan(text: string): NotePlan {
  if (!/\{\w+\}/.test(text)) return text;
  return text
    .split(/(\{\w+\})/)
    .filter((part) => part !== "")
    .map((part) => (/^\{\w+\}$/.test(part) ? { key: part.slice(1, -1) } : part));
}

function languagePlan(language: Language): LanguagePlan {
  const labels = FACT_LABELS[language];
  const facts = {} as Record<Calculator, readonly FactPlan[]>;
  for (const calculator of CALCULATORS) {
    facts[calculator] = FACTS_BY_CALCULATOR[calculator].map(({ key, kind }) => {
      const label = labels[key] ?? key;
      return { key, kind, first: `${label.charAt(0).toUpperCase()}${label.slice(1)} `, next: `, ${label} ` };
    });
  }
  const notes: Record<string, NotePlan | undefined> = Object.create(null);
  for (const [code, text] of Object.entries(NOTE_TEXTS[language])) notes[code] = notePlan(text);
  return { facts, notes };
}

const PLANS: Readonly<Record<Language, LanguagePlan>> = {
  nl: languagePlan("nl"),
  fr: languagePlan("fr"),
  en: languagePlan("en"),
};

/**
 * The localised description of a result, for a result and language already checked (the line
 * builder checks them once). With a figure: how it was reached (the main values of the formula
 * that the result recorded, e.g. catalogue value, age coefficient, CO2 and its percentage, minimum),
 * then its notes as sentences in the order they were made. Without a figure, or exempt: the notes
 * only, the last first (it says why).
 */
export function lineDescription(result: TaxResult, language: Language): string | null {
  const plan = PLANS[language];
  const { notes, details } = result.explanation;
  let description = hasFigure(result) ? factsOf(result, plan.facts[result.calculator], language) : "";
  const reverse = result.outcome !== "amount";
  for (let i = 0; i < notes.length; i++) {
    const note = plan.notes[notes[reverse ? notes.length - 1 - i : i] as NoteCode];
    if (note === undefined) continue;
    if (description !== "") description += " ";
    if (typeof note === "string") {
      description += note;
      continue;
    }
    for (let j = 0; j < note.length; j++) {
      const part = note[j] as NotePlan[number];
      if (typeof part === "string") description += part;
      else {
        const value = details[part.key];
        if (value !== undefined) description += detailText(value, language, part.key);
      }
    }
  }
  return description === "" ? null : description;
}

/** "Catalogue value 48,400.00 €, age coefficient 100 %, CO2 130 g/km (WLTP), …": the values recorded. */
function factsOf(result: TaxResult, facts: readonly FactPlan[], language: Language): string {
  const { inputs, parameters } = result.explanation;
  // Results read from elsewhere may lack records: no facts rather than an exception.
  if (typeof inputs !== "object" || inputs === null) return "";
  const cycle = inputs.co2Cycle;
  let out = "";
  for (let i = 0; i < facts.length; i++) {
    const fact = facts[i] as FactPlan;
    let value = inputs[fact.key];
    let unit = "";
    if (value === undefined) {
      const parameter = Array.isArray(parameters) ? parameterNamed(parameters, fact.key) : undefined;
      if (parameter === undefined) continue;
      value = parameter.value;
      unit = parameter.unit;
    }
    if (typeof value === "number") {
      if (!Number.isFinite(value)) continue;
      out += out === "" ? fact.first : fact.next;
      out += factText(fact.kind, value, unit, cycle, language);
    } else if (typeof value === "string") {
      out += out === "" ? fact.first : fact.next;
      out += fact.kind === "euroClass" ? (EURO_CLASS_NAMES[language][value] ?? value) : value;
    }
  }
  return out === "" ? out : `${out}.`;
}

function parameterNamed(parameters: readonly ParameterUse[], name: string): ParameterUse | undefined {
  for (let i = 0; i < parameters.length; i++) {
    const parameter = parameters[i] as ParameterUse;
    if (parameter.name === name) return parameter;
  }
  return undefined;
}

/** A fact's number written for the language, with its unit. */
function factText(kind: FactKind, value: number, unit: string, cycle: unknown, language: Language): string {
  switch (kind) {
    case "euro":
      return euroText(value, language);
    case "percent":
      return `${decimal(value, language)}${spaceBeforeSign(language)}%`;
    case "gkm":
      return typeof cycle === "string"
        ? `${decimal(value, language)} g/km (${cycle})`
        : `${decimal(value, language)} g/km`;
    case "kw":
      return `${decimal(value, language)} kW`;
    case "kg":
      return `${decimal(value, language)} kg`;
    case "plain":
      return decimal(value, language);
    default:
      // The parameter's own unit.
      if (unit === "%") return `${decimal(value, language)}${spaceBeforeSign(language)}%`;
      if (unit.startsWith("EUR")) return euroText(value, language);
      return unit === "" || unit === "factor"
        ? decimal(value, language)
        : `${decimal(value, language)} ${unit}`;
  }
}

/** A note's detail: amounts as euros, other numbers with the language's decimal sign. */
function detailText(value: number | string, language: Language, key: string): string {
  if (typeof value === "string") return value;
  if (key === "minimum" || key === "ownYearly" || key === "ecoMalus" || key === "maximum") {
    return Number.isFinite(value) ? euroText(value, language) : "";
  }
  return decimal(value, language);
}

/** Whether a value is one of the languages (LANGUAGES; checked at run time: it may come from JSON). */
export const isLanguage = (value: unknown): value is Language =>
  value === "nl" || value === "fr" || value === "en";
