/** A calendar date as `YYYY-MM-DD`. ISO strings compare in date order with `<` and `>`. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface DateParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

// Calculations parse the same few dates many times (every line, every matrix cell): memoise.
const parsed = new Map<string, DateParts | null>();

/** Parses a `YYYY-MM-DD` date; undefined when the text is not a real calendar date. */
export function parseIsoDate(text: string): DateParts | undefined {
  const hit = parsed.get(text);
  if (hit !== undefined) return hit ?? undefined;
  const parts = parseUncached(text);
  if (parsed.size > 4096) parsed.clear();
  parsed.set(text, parts ?? null);
  return parts;
}

function parseUncached(text: string): DateParts | undefined {
  const match = ISO_DATE.exec(text);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return Object.freeze({ year, month, day });
}

/** Whether a value is a real calendar date written yyyy-MM-dd (2025-02-30 is not). */
export function isIsoDate(text: unknown): text is IsoDate {
  return typeof text === "string" && parseIsoDate(text) !== undefined;
}

function partsOf(date: IsoDate): DateParts {
  const parts = parseIsoDate(date);
  if (!parts) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return parts;
}

export function formatIsoDate({ year, month, day }: DateParts): IsoDate {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export function yearOf(date: IsoDate): number {
  return partsOf(date).year;
}

/** The same day and month in `year`; 29 February becomes 28 February in a common year. */
export function anniversaryIn(date: IsoDate, year: number): IsoDate;
export function anniversaryIn(date: unknown, year: unknown): IsoDate | undefined;
export function anniversaryIn(date: unknown, year: unknown): IsoDate | undefined {
  // Checked at run time: callers may pass anything parsed from JSON.
  if (!isIsoDate(date) || typeof year !== "number" || !Number.isInteger(year) || year < 1 || year > 9999)
    return undefined;
  const { year: from, month, day } = partsOf(date);
  // The date's own year (every line of the registration year, every cell of the matrix): the date
  // itself, the same string, whose hash the look-ups of the rules have already computed.
  if (year === from) return date;
  // Not 29 February: only the year changes.
  if (month !== 2 || day !== 29) return String(year).padStart(4, "0") + date.slice(4);
  return formatIsoDate({ year, month, day: Math.min(day, daysInMonth(year, month)) });
}

/**
 * The number of the calendar month `at` falls in, counting the month of `start` as month 1
 * (a started month counts as a full month, as the BIK age coefficient does).
 */
export function monthNumberSince(start: IsoDate, at: IsoDate): number {
  const s = partsOf(start);
  const a = partsOf(at);
  return (a.year - s.year) * 12 + (a.month - s.month) + 1;
}

/** Whole months elapsed from `start` to `at` (0 until the first monthly anniversary). */
export function fullMonthsBetween(start: IsoDate, at: IsoDate): number {
  const s = partsOf(start);
  const a = partsOf(at);
  let months = (a.year - s.year) * 12 + (a.month - s.month);
  // A month is complete on the same day number, or on the last day of a shorter month.
  const dayReached = a.day >= s.day || a.day === daysInMonth(a.year, a.month);
  if (!dayReached) months -= 1;
  return months;
}

/** Whole years elapsed from `start` to `at`. */
export function fullYearsBetween(start: IsoDate, at: IsoDate): number {
  return Math.floor(fullMonthsBetween(start, at) / 12);
}

/** The days of a calendar year: 365, or 366 in a leap year. */
export function daysInYear(year: number): number {
  return isLeapYear(year) ? 366 : 365;
}

// Days since 1970-01-01 of a date (UTC arithmetic on whole days: no time zone, no clock).
function dayNumber(date: IsoDate): number {
  const { year, month, day } = partsOf(date);
  return Date.UTC(year, month - 1, day) / 86_400_000;
}

/** The date `days` days after `date` (before it when negative). */
export function addDays(date: IsoDate, days: number): IsoDate {
  const moved = new Date((dayNumber(date) + days) * 86_400_000);
  return formatIsoDate({
    year: moved.getUTCFullYear(),
    month: moved.getUTCMonth() + 1,
    day: moved.getUTCDate(),
  });
}

/** The days from `from` to `until`, both counted (0 when `until` is before `from`). */
export function daysFromTo(from: IsoDate, until: IsoDate): number {
  return Math.max(0, dayNumber(until) - dayNumber(from) + 1);
}

/** The same day `years` years later; 29 February becomes 28 February in a common year. */
export function addYears(date: IsoDate, years: number): IsoDate {
  return anniversaryIn(date, yearOf(date) + years);
}

/** The first and last day of a calendar month. */
export function monthBounds(
  year: number,
  month: number,
): { readonly first: IsoDate; readonly last: IsoDate } {
  return {
    first: formatIsoDate({ year, month, day: 1 }),
    last: formatIsoDate({ year, month, day: daysInMonth(year, month) }),
  };
}
