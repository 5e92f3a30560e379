import type { Language, OutcomeWithoutFigure } from "@cartax/engine";
import { PAGE_LOCALES } from "./page-format";

/**
 * Why a cell has no figure, said in the cell (issue 40 point 2): one dash for every reason hid
 * whether a tax was not due or could not be computed. The engine's outcomes without a figure
 * (`missingInput` with `missingFields`, `notApplicable`, `rulesNotAvailable`) and "no line at all"
 * (a tax not due that year, e.g. the registration tax after the first year) each have their words.
 */
export type FigureGap =
  | { readonly outcome: OutcomeWithoutFigure; readonly missingFields?: readonly string[] }
  | { readonly outcome: "notDue" };

/** A figure a total leaves out: the tax's name (the engine's, in the page's language) and why. */
export interface LeftOutOfTotal {
  readonly name: string;
  readonly gap: FigureGap;
}

interface MissingFigureText {
  /** A cell whose tax lacks an input: `{fields}` the short names of the inputs. */
  readonly missing: string;
  /** A cell whose tax is not due that year (no line, not applicable). */
  readonly notDue: string;
  /** A cell whose year has no published rules. */
  readonly rulesNotPublished: string;
  /** A total that leaves figures out: `{items}` each tax left out with why. */
  readonly incompleteTotal: string;
  /** The mark beside a total that leaves figures out (short, as a column allows). */
  readonly incompleteMark: string;
  /** An input the page has no short name for. */
  readonly someInput: string;
  /** The inputs a line may lack (the API's missingFields), short as a cell allows. */
  readonly fields: Readonly<Record<string, string>>;
}

export const MISSING_FIGURE_TEXTS: Readonly<Record<Language, MissingFigureText>> = {
  en: {
    missing: "missing: {fields}",
    notDue: "not due this year",
    rulesNotPublished: "rules not published",
    incompleteTotal: "incomplete total: leaves out {items}",
    incompleteMark: "incomplete",
    someInput: "an input",
    fields: { weight: "weight", capacity: "engine capacity", wltp: "CO₂ (WLTP)", nedC2: "CO₂ (NEDC 2.0)" },
  },
  nl: {
    missing: "ontbreekt: {fields}",
    notDue: "dit jaar niet verschuldigd",
    rulesNotPublished: "regels niet gepubliceerd",
    incompleteTotal: "onvolledig totaal: zonder {items}",
    incompleteMark: "onvolledig",
    someInput: "een gegeven",
    fields: { weight: "gewicht", capacity: "cilinderinhoud", wltp: "CO₂ (WLTP)", nedC2: "CO₂ (NEDC 2.0)" },
  },
  fr: {
    missing: "manque : {fields}",
    notDue: "pas due cette année",
    rulesNotPublished: "règles non publiées",
    incompleteTotal: "total incomplet : sans {items}",
    incompleteMark: "incomplet",
    someInput: "une donnée",
    fields: { weight: "poids", capacity: "cylindrée", wltp: "CO₂ (WLTP)", nedC2: "CO₂ (NEDC 2.0)" },
  },
};

const lists = new Map<Language, Intl.ListFormat>();
function list(items: readonly string[], language: Language): string {
  let format = lists.get(language);
  if (!format) {
    format = new Intl.ListFormat(PAGE_LOCALES[language], { type: "conjunction" });
    lists.set(language, format);
  }
  return format.format(items);
}

/** The short names of missing inputs, in the page's language ("weight and engine capacity"). */
export function missingFieldNames(fields: readonly string[] | undefined, language: Language): string {
  const t = MISSING_FIGURE_TEXTS[language];
  const names = (fields ?? []).map((f) => (Object.hasOwn(t.fields, f) ? (t.fields[f] ?? f) : t.someInput));
  return names.length === 0 ? t.someInput : list([...new Set(names)], language);
}

/** What a cell without a figure says: "missing: weight", "not due this year", "rules not published". */
export function noFigureText(gap: FigureGap, language: Language): string {
  const t = MISSING_FIGURE_TEXTS[language];
  if (gap.outcome === "missingInput")
    return t.missing.replace("{fields}", missingFieldNames(gap.missingFields, language));
  if (gap.outcome === "rulesNotAvailable") return t.rulesNotPublished;
  return t.notDue;
}

/**
 * What a total that leaves figures out says where it is drawn, naming each tax left out and why
 * ("incomplete total: leaves out Road tax (missing: weight)"); "" when nothing that counts is left
 * out (a tax not due that year does not make a total incomplete).
 */
export function incompleteTotalText(leftOut: readonly LeftOutOfTotal[], language: Language): string {
  const counted = leftOut.filter(
    (item) => item.gap.outcome === "missingInput" || item.gap.outcome === "rulesNotAvailable",
  );
  if (counted.length === 0) return "";
  const items = counted.map((item) => `${item.name} (${noFigureText(item.gap, language)})`);
  return MISSING_FIGURE_TEXTS[language].incompleteTotal.replace("{items}", list(items, language));
}
