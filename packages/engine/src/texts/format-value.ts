import type { Language } from "../enums";

// French groups thousands with a narrow no-break space (U+202F, as CLDR's fr locales do) and puts
// one before the sign too, so that "1 234,56 €" never breaks across lines; nl and en keep theirs.
const GROUP: Readonly<Record<Language, string>> = { nl: ".", fr: "\u202F", en: "," };
const DECIMAL: Readonly<Record<Language, string>> = { nl: ",", fr: ",", en: "." };
const BEFORE_SIGN: Readonly<Record<Language, string>> = { nl: " ", fr: "\u202F", en: " " };

/** The space between a number and its sign (€, %) in a language; English for an unknown one. */
const beforeSign = (language: Language): string =>
  isKnownLanguage(language) ? BEFORE_SIGN[language] : BEFORE_SIGN.en;

/** Checked at run time: a language may come from JSON as any value, even one whose key conversion throws. */
const isKnownLanguage = (language: unknown): language is Language =>
  typeof language === "string" && Object.hasOwn(GROUP, language);

/** Thousands groups of a non-negative whole number (three digits at a time: lines format many). */
function group(whole: number, separator: string): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  let end = digits.length % 3 || 3;
  let out = digits.slice(0, end);
  for (; end < digits.length; end += 3) out += separator + digits.slice(end, end + 3);
  return out;
}

/** An amount with the language's separators and exactly `decimals` (0 or 2) decimals. */
function formatNumber(value: number, language: Language, decimals: 0 | 2): string {
  // Checked at run time (values may come from JSON): no number, no digits; unknown language, English.
  if (typeof value !== "number" || !Number.isFinite(value)) return "";
  return numberText(value, isKnownLanguage(language) ? language : "en", decimals);
}

/** formatNumber for a finite number and a known language (the line builder checks both once). */
function numberText(value: number, language: Language, decimals: 0 | 2): string {
  // Values are already rounded to the cent; integer cents avoid toFixed's binary surprises.
  const cents = Math.round(Math.abs(value) * 100);
  const sign = value < 0 && cents > 0 ? "-" : "";
  if (decimals === 0) return sign + group(Math.round(cents / 100), GROUP[language]);
  const fraction = cents % 100;
  return `${sign}${group(Math.floor(cents / 100), GROUP[language])}${DECIMAL[language]}${fraction < 10 ? "0" : ""}${fraction}`;
}

/** Two-digit cents, "00" to "99". */
const CENTS: readonly string[] = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : `${i}`));

/** A language's signs for amounts, in one object: the line builder formats several per line. */
interface EuroStyle {
  readonly group: string;
  readonly decimal: string;
  /** The space and the euro sign after the amount. */
  readonly euro: string;
}
const EURO_STYLES: Readonly<Record<Language, EuroStyle>> = {
  nl: { group: GROUP.nl, decimal: DECIMAL.nl, euro: `${BEFORE_SIGN.nl}€` },
  fr: { group: GROUP.fr, decimal: DECIMAL.fr, euro: `${BEFORE_SIGN.fr}€` },
  en: { group: GROUP.en, decimal: DECIMAL.en, euro: `${BEFORE_SIGN.en}€` },
};

/**
 * formatEuro for a finite number and a known language, without the checks: the line builder
 * checks the language once per call and reads numbers from engine results. Same text.
 */
export function euroText(value: number, language: Language): string {
  const style = EURO_STYLES[language];
  const cents = Math.round(Math.abs(value) * 100);
  const fraction = cents % 100;
  const whole = (cents - fraction) / 100;
  const digits = whole < 1000 ? String(whole) : group(whole, style.group);
  return (value < 0 && cents > 0 ? "-" : "") + digits + style.decimal + CENTS[fraction] + style.euro;
}

/** formatPercent for a finite number and a known language, without the checks (see euroText). */
export function percentText(value: number, language: Language): string {
  return `${numberText(value, language, Number.isInteger(value) ? 0 : 2)}${BEFORE_SIGN[language]}%`;
}

/** The space a language writes between a number and its sign (%, €), for a known language. */
export function spaceBeforeSign(language: Language): string {
  return BEFORE_SIGN[language];
}

/** A euro amount as the spec's CalculationLine.value: the amount followed by the currency sign. */
export function formatEuro(value: number, language: Language): string {
  return `${formatNumber(value, language, 2)}${beforeSign(language)}€`;
}

/** A percentage (FiscalDeduction): whole percentages without decimals, others with two. */
export function formatPercent(value: number, language: Language): string {
  return `${formatNumber(value, language, typeof value === "number" && Number.isInteger(value) ? 0 : 2)}${beforeSign(language)}%`;
}

/**
 * A number as String writes it, with the language's decimal sign and no grouping (the small factors
 * and percentages of line descriptions), for a known language.
 */
export function decimalText(value: number, language: Language): string {
  if (Number.isInteger(value)) return String(value);
  const text = shortDecimal(value) ?? String(value);
  return language === "en" ? text : text.replace(".", ",");
}

/**
 * What String(value) writes for a number that is not whole, with at most six decimals below a billion (the factors and
 * percentages of the law), in integer arithmetic: V8 turns a fractional double into its shortest
 * digits in hundreds of nanoseconds, more than the rest of a line. The first scale at which the
 * value is a whole number of units gives String's digits (the shortest that read back as the
 * value; at these magnitudes no other decimal with as many digits reads back the same). Undefined
 * otherwise.
 */
export function shortDecimal(value: number): string | undefined {
  const magnitude = Math.abs(value);
  if (!(magnitude < 1e9)) return undefined;
  for (let digits = 1, scale = 10; digits <= 6; digits++, scale *= 10) {
    const units = Math.round(magnitude * scale);
    if (units / scale !== magnitude) continue;
    const whole = Math.floor(units / scale);
    let fraction = String(units - whole * scale);
    while (fraction.length < digits) fraction = `0${fraction}`;
    return `${value < 0 ? "-" : ""}${whole}.${fraction}`;
  }
  return undefined;
}
