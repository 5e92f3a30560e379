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

/** Thousands groups of a non-negative whole number. */
function group(whole: number, separator: string): string {
  const digits = String(whole);
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += separator;
    out += digits[i];
  }
  return out;
}

/** An amount with the language's separators and exactly `decimals` (0 or 2) decimals. */
function formatNumber(value: number, language: Language, decimals: 0 | 2): string {
  // Checked at run time (values may come from JSON): no number, no digits; unknown language, English.
  if (typeof value !== "number" || !Number.isFinite(value)) return "";
  if (!isKnownLanguage(language)) language = "en";
  // Values are already rounded to the cent; integer cents avoid toFixed's binary surprises.
  const cents = Math.round(Math.abs(value) * 100);
  const sign = value < 0 && cents > 0 ? "-" : "";
  if (decimals === 0) return sign + group(Math.round(cents / 100), GROUP[language]);
  const fraction = cents % 100;
  return `${sign}${group(Math.floor(cents / 100), GROUP[language])}${DECIMAL[language]}${fraction < 10 ? "0" : ""}${fraction}`;
}

/** A euro amount as the spec's CalculationLine.value: the amount followed by the currency sign. */
export function formatEuro(value: number, language: Language): string {
  return `${formatNumber(value, language, 2)}${beforeSign(language)}€`;
}

/** A percentage (FiscalDeduction): whole percentages without decimals, others with two. */
export function formatPercent(value: number, language: Language): string {
  return `${formatNumber(value, language, typeof value === "number" && Number.isInteger(value) ? 0 : 2)}${beforeSign(language)}%`;
}
