import type { Language } from "../../core/enums";

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

/**
 * What follows the whole euros of an amount, per language and number of cents: ",05 €" in nl. One
 * string per amount instead of four joins: a line writes several amounts (V8 copies every join of
 * strings this short).
 */
const EURO_TAILS: Readonly<Record<Language, readonly string[]>> = {
  nl: euroTails("nl"),
  fr: euroTails("fr"),
  en: euroTails("en"),
};

function euroTails(language: Language): string[] {
  return Array.from(
    { length: 100 },
    (_, cents) => `${DECIMAL[language]}${cents < 10 ? "0" : ""}${cents}${BEFORE_SIGN[language]}€`,
  );
}

/** The last three digits of a whole number from 1,000 with their group separator: ".005" in nl. */
const THOUSANDS_TAILS: Readonly<Record<Language, readonly string[]>> = {
  nl: thousandsTails("nl"),
  fr: thousandsTails("fr"),
  en: thousandsTails("en"),
};

function thousandsTails(language: Language): string[] {
  return Array.from({ length: 1000 }, (_, n) => `${GROUP[language]}${String(n).padStart(3, "0")}`);
}

/** A non-negative whole number with the language's thousands groups. */
function groupedWhole(whole: number, language: Language): string {
  if (whole < 1000) return String(whole);
  if (whole < 1_000_000) {
    const low = whole % 1000;
    return String((whole - low) / 1000) + (THOUSANDS_TAILS[language][low] as string);
  }
  return group(whole, GROUP[language]);
}

/**
 * formatEuro for a finite number and a known language, without the checks: the line builder
 * checks the language once per call and reads numbers from engine results. Same text.
 */
export function euroText(value: number, language: Language): string {
  const cents = Math.round(Math.abs(value) * 100);
  const fraction = cents % 100;
  const text = groupedWhole((cents - fraction) / 100, language) + (EURO_TAILS[language][fraction] as string);
  return value < 0 && cents > 0 ? `-${text}` : text;
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
  const text = shortDecimal(value, DECIMAL[language]);
  if (text !== undefined) return text;
  return language === "en" ? String(value) : String(value).replace(".", DECIMAL[language]);
}

/**
 * What String(value) writes for a number that is not whole, with at most six decimals below a billion (the factors and
 * percentages of the law), in integer arithmetic: V8 turns a fractional double into its shortest
 * digits in hundreds of nanoseconds, more than the rest of a line. The first scale at which the
 * value is a whole number of units gives String's digits (the shortest that read back as the
 * value; at these magnitudes no other decimal with as many digits reads back the same), written
 * with `decimalSign`. Undefined otherwise (also for anything but a number and a string).
 */
export function shortDecimal(value: number, decimalSign = "."): string | undefined {
  // Exported: anything else a caller passes has no such text (the public API never throws).
  if (typeof value !== "number" || typeof decimalSign !== "string") return undefined;
  const magnitude = Math.abs(value);
  if (!(magnitude < 1e9)) return undefined;
  for (let digits = 1, scale = 10; digits <= 6; digits++, scale *= 10) {
    const units = Math.round(magnitude * scale);
    if (units / scale !== magnitude) continue;
    const whole = Math.floor(units / scale);
    let fraction = String(units - whole * scale);
    while (fraction.length < digits) fraction = `0${fraction}`;
    return `${value < 0 ? "-" : ""}${whole}${decimalSign}${fraction}`;
  }
  return undefined;
}
