import type { IsoDate } from "../iso-date";
import { type Source, sourceOf } from "./source";

/** A source as a table declares it: a catalogued address, or the catalogue entry itself. */
export type SourceRef = string | Source;

/**
 * One value of a legal parameter and the period it is in force, with the text it comes from.
 * `until` is the last day in force; `null` means the law sets no end (a legislated schedule, or a
 * rule that holds until amended). A period that is not covered by any row has no value: the
 * engine answers "rules not available" instead of extrapolating.
 */
export interface ParameterRow<T> {
  readonly from: IsoDate;
  readonly until: IsoDate | null;
  readonly value: T;
  /** Legal texts or publications the value comes from (at least one). The first is the main one. */
  readonly sources: readonly [Source, ...Source[]];
  /** The reference marks the value as uncertain; results that use it are provisional. */
  readonly provisional?: boolean;
  readonly note?: string;
}

/** A row as a table declares it: its sources by catalogued address. */
export interface ParameterRowDeclaration<T> extends Omit<ParameterRow<T>, "sources"> {
  readonly sources: readonly SourceRef[];
}

/** A parameter of the law: what it is, its unit, its values over time, and when they were checked. */
export interface ParameterTable<T> {
  readonly id: string;
  readonly description: string;
  readonly unit: string;
  /**
   * The day the rows were last checked against their sources (the day they were last set from
   * them and their vectors verified); a reviewer re-checking a table moves it forward.
   */
  readonly lastChecked: IsoDate;
  readonly rows: readonly ParameterRow<T>[];
}

/** A table as a module declares it. */
export interface ParameterTableDeclaration<T> extends Omit<ParameterTable<T>, "rows"> {
  readonly rows: readonly ParameterRowDeclaration<T>[];
}

// Lookups repeat the same few dates (each line, each matrix cell): memoised per table.
const lookups = new WeakMap<ParameterTable<unknown>, Map<IsoDate, ParameterRow<unknown> | null>>();

/** The row in force on `date`, or undefined when none is published for it. */
export function rowAt<T>(table: ParameterTable<T>, date: IsoDate): ParameterRow<T> | undefined {
  let memo = lookups.get(table);
  if (!memo) {
    memo = new Map();
    lookups.set(table, memo);
  }
  const hit = memo.get(date);
  if (hit !== undefined) return (hit ?? undefined) as ParameterRow<T> | undefined;
  let found: ParameterRow<T> | undefined;
  for (const row of table.rows) {
    if (row.from <= date && (row.until === null || date <= row.until)) {
      found = row;
      break;
    }
  }
  if (memo.size > 2048) memo.clear();
  memo.set(date, found ?? null);
  return found;
}

/** The catalogue entries of the sources a declaration names (throws at load on an unknown one). */
export function resolveSources(refs: readonly SourceRef[]): readonly [Source, ...Source[]] {
  const [first, ...rest] = refs.map((ref) => (typeof ref === "string" ? sourceOf(ref) : ref));
  if (!first) throw new Error("a parameter row cites no source");
  return Object.freeze([first, ...rest] as [Source, ...Source[]]);
}

/** Named sources of a module's statutory constants, resolved against the catalogue at load. */
export function citing<K extends string>(refs: Record<K, SourceRef>): Readonly<Record<K, Source>> {
  const resolved = {} as Record<K, Source>;
  for (const key of Object.keys(refs) as K[]) {
    const ref: SourceRef = refs[key];
    resolved[key] = typeof ref === "string" ? sourceOf(ref) : ref;
  }
  return Object.freeze(resolved);
}

/**
 * Declares a table; checks at load that its periods do not overlap and that every source is
 * catalogued (data errors).
 */
export function parameterTable<T>(table: ParameterTableDeclaration<T>): ParameterTable<T> {
  const rows = [...table.rows]
    .sort((a, b) => (a.from < b.from ? -1 : 1))
    .map((row): ParameterRow<T> => ({ ...row, sources: resolveSources(row.sources) }));
  for (let i = 1; i < rows.length; i++) {
    const previous = rows[i - 1];
    const current = rows[i];
    if (previous && current && (previous.until === null || previous.until >= current.from)) {
      throw new Error(`parameter table ${table.id}: period from ${current.from} overlaps the previous row`);
    }
  }
  return Object.freeze({ ...table, rows: Object.freeze(rows.map((r) => Object.freeze(r))) });
}

/** Calendar-year row helper: a value in force for the whole income year. */
export function incomeYear<T>(
  year: number,
  value: T,
  sources: readonly SourceRef[],
  extra: { provisional?: boolean; note?: string } = {},
): ParameterRowDeclaration<T> {
  return { from: `${year}-01-01`, until: `${year}-12-31`, value, sources, ...extra };
}

/** Index-window row helper: a value in force from 1 July of `startYear` to 30 June of the next year. */
export function indexWindow<T>(
  startYear: number,
  value: T,
  sources: readonly SourceRef[],
  extra: { provisional?: boolean; note?: string } = {},
): ParameterRowDeclaration<T> {
  return { from: `${startYear}-07-01`, until: `${startYear + 1}-06-30`, value, sources, ...extra };
}

/**
 * The first band of a banded table (age classes, power brackets, …) that matches. Every banded
 * table ends with an open band (`Infinity`), so its last band is the answer beyond the others: the
 * value comes from the table, never from a literal at the call site.
 */
export function bandFor<T>(bands: readonly T[], matches: (band: T) => boolean): T {
  const found = bands.find(matches) ?? bands[bands.length - 1];
  if (found === undefined) throw new Error("a banded table has no bands");
  return found;
}
