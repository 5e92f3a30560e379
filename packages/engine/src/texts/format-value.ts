import type { Language } from "../enums";

const GROUP: Readonly<Record<Language, string>> = { nl: ".", fr: " ", en: "," };
const DECIMAL: Readonly<Record<Language, string>> = { nl: ",", fr: ",", en: "." };

/** Digits of a non-negative or negative amount with the language's separators, always 2 decimals. */
function formatNumber(value: number, language: Language, decimals: number): string {
  const negative = value < 0;
  const [whole = "0", fraction = ""] = Math.abs(value).toFixed(decimals).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP[language]);
  return `${negative ? "-" : ""}${grouped}${fraction ? DECIMAL[language] + fraction : ""}`;
}

/** A euro amount as the spec's CalculationLine.value: the amount followed by the currency sign. */
export function formatEuro(value: number, language: Language): string {
  return `${formatNumber(value, language, 2)} €`;
}

/** A percentage (FiscalDeduction): whole percentages without decimals, others with two. */
export function formatPercent(value: number, language: Language): string {
  return `${formatNumber(value, language, Number.isInteger(value) ? 0 : 2)} %`;
}
