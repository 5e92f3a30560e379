import { CALCULATORS, type Calculator, type Language } from "../core/enums";
import { hasFigure, type NoteCode, type ParameterUse, type TaxResult } from "../core/tax-result";
import { EURO_CLASS_NAMES, FACT_LABELS, FACTS_BY_CALCULATOR, type FactKind } from "./texts/fact-labels";
import { decimalText as decimal, euroText, spaceBeforeSign } from "./texts/format-value";
import { NOTE_TEXTS } from "./texts/note-texts";
import { parameterListText } from "./texts/parameter-names";

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

/**
 * A note text cut at its first placeholder: `head` alone when it has none, else `rest` holds the
 * placeholders (`{name}` as `{ key }`) and the literal text between and after them.
 */
interface NotePlan {
  readonly head: string;
  /** The head after another sentence: " " + head (one join fewer per note). */
  readonly spacedHead: string;
  readonly rest: readonly (string | { readonly key: string })[];
}

interface LanguagePlan {
  readonly facts: Readonly<Record<Calculator, readonly FactPlan[]>>;
  /** By note code; no prototype, so a code from elsewhere (e.g. "constructor") finds nothing. */
  readonly notes: Readonly<Record<string, NotePlan | undefined>>;
  /** " %" or "\u202F%": what follows a percentage. */
  readonly percent: string;
}

function notePlan(text: string): NotePlan {
  const parts = text
    .split(/(\{\w+\})/)
    .filter((part) => part !== "")
    .map((part) => (/^\{\w+\}$/.test(part) ? { key: part.slice(1, -1) } : part));
  const first = parts[0];
  const head = typeof first === "string" ? first : "";
  return { head, spacedHead: ` ${head}`, rest: head === "" ? parts : parts.slice(1) };
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
  return { facts, notes, percent: `${spaceBeforeSign(language)}%` };
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
  let description = hasFigure(result) ? factsOf(result, plan.facts[result.calculator], plan, language) : "";
  const reverse = result.outcome !== "amount";
  for (let i = 0; i < notes.length; i++) {
    const note = plan.notes[notes[reverse ? notes.length - 1 - i : i] as NoteCode];
    if (note === undefined) continue;
    description = description === "" ? note.head : description + note.spacedHead;
    const rest = note.rest;
    for (let j = 0; j < rest.length; j++) {
      const part = rest[j] as NotePlan["rest"][number];
      if (typeof part === "string") description += part;
      else {
        const value = details[part.key];
        if (value !== undefined) description += detailText(value, language, part.key);
      }
    }
  }
  return description === "" ? null : description;
}

/** "Catalogue value 48,400.00 €, age coefficient 100 %, private-use share 6/7, CO2 …": the values recorded. */
function factsOf(
  result: TaxResult,
  facts: readonly FactPlan[],
  plan: LanguagePlan,
  language: Language,
): string {
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
    let text: string;
    if (typeof value === "number") {
      if (!Number.isFinite(value)) continue;
      text = factText(fact.kind, value, unit, cycle, plan, language);
    } else if (typeof value === "string") {
      text = fact.kind === "euroClass" ? (EURO_CLASS_NAMES[language][value] ?? value) : value;
    } else continue;
    out = out === "" ? fact.first + text : out + fact.next + text;
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

// What follows the CO2 of either cycle, written once.
const WLTP_UNIT = " g/km (WLTP)";
const NEDC_UNIT = " g/km (NEDC)";

/** A fact's number written for the language, with its unit. */
function factText(
  kind: FactKind,
  value: number,
  unit: string,
  cycle: unknown,
  plan: LanguagePlan,
  language: Language,
): string {
  switch (kind) {
    case "euro":
      return euroText(value, language);
    case "percent":
      return decimal(value, language) + plan.percent;
    case "gkm":
      if (typeof cycle !== "string") return `${decimal(value, language)} g/km`;
      return (
        decimal(value, language) +
        (cycle === "WLTP" ? WLTP_UNIT : cycle === "NEDC" ? NEDC_UNIT : ` g/km (${cycle})`)
      );
    case "kw":
      return `${decimal(value, language)} kW`;
    case "kg":
      return `${decimal(value, language)} kg`;
    case "plain":
      return decimal(value, language);
    default:
      // The parameter's own unit.
      if (unit === "%") return decimal(value, language) + plan.percent;
      if (unit.startsWith("EUR")) return euroText(value, language);
      return unit === "" || unit === "factor"
        ? decimal(value, language)
        : `${decimal(value, language)} ${unit}`;
  }
}

/** A note's detail: amounts as euros, other numbers with the language's decimal sign. */
function detailText(value: number | string, language: Language, key: string): string {
  if (key === "carriedParameters" || key === "missingParameters")
    return parameterListText(String(value), language);
  if (typeof value === "string") return value;
  if (key === "minimum" || key === "ownYearly" || key === "ecoMalus" || key === "maximum") {
    return Number.isFinite(value) ? euroText(value, language) : "";
  }
  return decimal(value, language);
}

/** Whether a value is one of the languages (LANGUAGES; checked at run time: it may come from JSON). */
export const isLanguage = (value: unknown): value is Language =>
  value === "nl" || value === "fr" || value === "en";
