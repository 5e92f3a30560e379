import type { Language } from "@cartax/engine";

/** The locale each page language is written in (Belgian usage for nl and fr). */
export const PAGE_LOCALES: Readonly<Record<Language, string>> = { nl: "nl-BE", fr: "fr-BE", en: "en-GB" };

// A no-break space between a number and its unit, so that "19,5 kWh" never breaks across lines.
const NBSP = "\u00a0";

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A quantity as people write it in the language: separators of the locale (French groups with a
 * narrow no-break space), at most `decimals` decimals, then the unit after a no-break space.
 */
export function formatQuantity(value: number, unit: string, language: Language, decimals = 1): string {
  const key = `${language}:${decimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(PAGE_LOCALES[language], { maximumFractionDigits: decimals });
    numberFormats.set(key, format);
  }
  return `${format.format(value)}${NBSP}${unit}`;
}

/**
 * A calendar date (`yyyy-MM-dd`, or a date-time whose date part is read) as people write it:
 * "25 november 2026", "25 novembre 2026", "25 November 2026", and in French the first of the month
 * as "1er mars 2025" (ICU writes "1 mars"). Read as a date, not an instant: no time zone shift.
 */
export function formatLongDate(isoDate: string, language: Language): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  const parts = new Intl.DateTimeFormat(PAGE_LOCALES[language], { dateStyle: "long", timeZone: "UTC" })
    .formatToParts(date)
    .map((part) => (language === "fr" && part.type === "day" && part.value === "1" ? "1er" : part.value));
  return parts.join("");
}
