import type { Calculator } from "../core/enums";
import type { IsoDate } from "../core/iso-date";
import type { Indexation } from "./indexation";
import { type Source, sourceOf } from "./source";

/** A source as a module declares it: a catalogued address, or the catalogue entry itself. */
export type SourceRef = string | Source;

/**
 * A source as a parameter file cites it for one row: the catalogued publication, and where in it
 * the value stands (article, Official Journal date, numac), when known.
 */
export interface Citation extends Source {
  /** The article (or section, annex, table) of the text that holds the value. */
  readonly article?: string;
  /** The Official Journal's number of the text (numac), for texts published there. */
  readonly numac?: string;
}

/**
 * Whether a row's first source is the legal text itself (or the administration's own publication
 * of it), or a secondary source standing in until the text is confirmed (the reason says why).
 */
export type PrimarySource =
  | { readonly status: "official" }
  /**
   * The first source is the legal text that sets the value (its act, article, date and numac were
   * seen), but the figure itself was read in a secondary source (the reason says where, and why).
   */
  | { readonly status: "official"; readonly figure: "secondary"; readonly reason: string }
  | { readonly status: "pending"; readonly reason: string };

/**
 * How sure the reference is of a row: high (the legal text, an official notice, or several
 * independent sources that agree), medium (one good secondary source, or arithmetic on official
 * figures checked against a published one), low (inference or a weak source).
 */
export type Confidence = "high" | "medium" | "low";

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
  /** How the value was computed, when the file declares it as an indexed amount. */
  readonly indexed?: Indexation;
  /**
   * The catalogue entries of the publications the value comes from (at least one), as results
   * name them in their explanations. The first is the main one.
   */
  readonly sources: readonly [Source, ...Source[]];
  /** The same sources as the parameter file cites them, with article and publication details. */
  readonly citations: readonly Citation[];
  readonly primarySource: PrimarySource;
  readonly confidence: Confidence;
  /** The reference marks the value as uncertain; results that use it are provisional. */
  readonly provisional?: boolean;
  readonly note?: string;
  /** The id of the parameter the row belongs to (set by the loader): explanations name it. */
  readonly parameter?: string;
  /**
   * Only on a row carried forward (`carryingUnpublished`): the first day of the published row whose
   * value it repeats for a day after the parameter's last published row. Such a row is provisional.
   */
  readonly carriedFrom?: IsoDate;
}

/** A parameter a line read past its last published row: its id and the published row it carried. */
export interface CarriedParameter {
  readonly parameter: string;
  /** The first day of the row whose value was carried. */
  readonly carriedFrom: IsoDate;
  /** The last day of that row: the parameter has no row after it. */
  readonly publishedUntil: IsoDate;
}

/**
 * What the look-ups of one run found unpublished: each parameter read for a day after its last
 * row, with the row it carried (when carrying) or none. Set only around one synchronous run.
 */
interface UnpublishedLookups {
  readonly carry: boolean;
  readonly found: Map<string, CarriedParameter>;
}

let unpublished: UnpublishedLookups | undefined;

/**
 * Runs `run` (a calculator on one line) and tells which parameters it read for a day after their
 * last published row (`unpublished`, in the order first read). With `carry`, each such look-up
 * answers the latest published row instead of none (marked `carriedFrom`, provisional): a year
 * without published rules then uses every row in force on its dates and carries only what is
 * missing. The engine is synchronous, so the scope is exactly the run.
 */
export function lookingUpUnpublished<R>(
  carry: boolean,
  run: () => R,
): { readonly value: R; readonly unpublished: readonly CarriedParameter[] } {
  const outer = unpublished;
  const scope: UnpublishedLookups = { carry, found: new Map() };
  unpublished = scope;
  try {
    const value = run();
    return { value, unpublished: [...scope.found.values()] };
  } finally {
    unpublished = outer;
  }
}

/**
 * The ids of the parameters the current run has read past their last published row so far (in the
 * order first read), or undefined outside a run that notes them without carrying: a line that
 * finds its rules not available names them (the result builder).
 */
export function unpublishedSoFar(): readonly string[] | undefined {
  // A run that carries has no missing parameter: what it found, it carried.
  return unpublished === undefined || unpublished.carry ? undefined : [...unpublished.found.keys()];
}

// One carried copy per published row, so that what calculators derive from a row (preparation,
// lawByDate) is derived once.
const carriedCopies = new WeakMap<ParameterRow<unknown>, ParameterRow<unknown>>();

/** The last row of `table` when `date` is after its end (no later row is published), else undefined. */
function lastRowBefore<T>(table: ParameterTable<T>, date: IsoDate): ParameterRow<T> | undefined {
  const last = table.rows[table.rows.length - 1];
  return last !== undefined && last.until !== null && last.until < date ? last : undefined;
}

/** A look-up that found no row: noted when the day is past the last row, and carried when asked. */
function unpublishedRow<T>(table: ParameterTable<T>, date: IsoDate): ParameterRow<T> | undefined {
  const scope = unpublished as UnpublishedLookups;
  const last = lastRowBefore(table, date);
  if (last === undefined) return undefined;
  if (!scope.found.has(table.id))
    scope.found.set(table.id, {
      parameter: table.id,
      carriedFrom: last.from,
      publishedUntil: last.until as IsoDate,
    });
  if (!scope.carry) return undefined;
  let copy = carriedCopies.get(last) as ParameterRow<T> | undefined;
  if (copy === undefined) {
    copy = Object.freeze({ ...last, provisional: true, carriedFrom: last.from });
    carriedCopies.set(last, copy);
  }
  return copy;
}

/** A parameter of the law: what it is, its unit, its values over time, and when they were checked. */
export interface ParameterTable<T> {
  /** The parameter's id: its file's path under `packages/engine/parameters/`, dots for slashes. */
  readonly id: string;
  readonly description: string;
  readonly unit: string;
  /**
   * The day the rows were last checked against their sources (the day they were last set from
   * them and their vectors verified); a reviewer re-checking a table moves it forward.
   */
  readonly lastChecked: IsoDate;
  /** The calculators whose results the parameter can change (the `updatedCalculations` of a change). */
  readonly calculators: readonly Calculator[];
  readonly rows: readonly ParameterRow<T>[];
}

// Tests observe which parameters a calculator reads (registry.test.ts); undefined otherwise.
let observer: ((table: ParameterTable<unknown>) => void) | undefined;

/** For tests: calls `observe` with every table a look-up reads, until called again without one. */
export function observeLookups(observe?: (table: ParameterTable<unknown>) => void): void {
  observer = observe;
}

// Lookups repeat the same few dates (each line, each matrix cell): memoised per table, in a map the
// loader attaches to each table (a property read is cheaper than a WeakMap look-up on this path).
const lookups = new WeakMap<ParameterTable<unknown>, Map<IsoDate, ParameterRow<unknown> | null>>();
interface Memoised {
  readonly memo?: Map<IsoDate, ParameterRow<unknown> | null>;
}

/** The row in force on `date`, or undefined when none is published for it. */
export function rowAt<T>(table: ParameterTable<T>, date: IsoDate): ParameterRow<T> | undefined {
  if (observer !== undefined) observer(table);
  const rows = table.rows;
  // A statutory constant has one row: compared directly, without the memo.
  if (rows.length === 1) {
    const only = rows[0] as ParameterRow<T>;
    if (only.from <= date && (only.until === null || date <= only.until)) return only;
    return unpublished === undefined ? undefined : unpublishedRow(table, date);
  }
  let memo = (table as Memoised).memo;
  if (memo === undefined) {
    memo = lookups.get(table);
    if (!memo) {
      memo = new Map();
      lookups.set(table, memo);
    }
  }
  const hit = memo.get(date);
  if (hit !== undefined) {
    if (hit === null && unpublished !== undefined) return unpublishedRow(table, date);
    return (hit ?? undefined) as ParameterRow<T> | undefined;
  }
  let found: ParameterRow<T> | undefined;
  for (const row of rows) {
    if (row.from <= date && (row.until === null || date <= row.until)) {
      found = row;
      break;
    }
  }
  if (memo.size > 2048) memo.clear();
  memo.set(date, found ?? null);
  if (found === undefined && unpublished !== undefined) return unpublishedRow(table, date);
  return found;
}

/** The row in force of each of a set of parameters (undefined: none published for that day). */
export type RowsOf<T> = {
  readonly [K in keyof T]: T[K] extends ParameterTable<infer V> ? ParameterRow<V> | undefined : never;
};

/**
 * The law of one day for a calculator: the rows of its parameters in force on that day and what it
 * derives from them (their numbers as exact fractions), resolved on the first line of the day and
 * kept. A calculator then reads one record per line instead of looking each parameter up and
 * converting its numbers again: `const law = bikLaw(ctx.evaluationDate)`, then `law.minimum`.
 * `resolve` returns null when a row the calculator cannot do without is not published; the
 * calculator answers rulesNotAvailable. Each call counts as a look-up of every parameter of the
 * set (observeLookups), so every parameter of a set must name the calculators that read the set.
 */
export function lawByDate<T extends Record<string, ParameterTable<unknown>>, R extends object>(
  tables: T,
  resolve: (rows: RowsOf<T>, date: IsoDate) => R | null,
): (date: IsoDate) => R | undefined {
  return resolvedLaw<IsoDate, T, R>(tables, resolve, (date) => date);
}

/**
 * The law of an income year (its rows in force on 1 January), as `lawByDate` resolves a day's, for
 * rules the law sets per income year.
 */
export function lawByYear<T extends Record<string, ParameterTable<unknown>>, R extends object>(
  tables: T,
  resolve: (rows: RowsOf<T>, date: IsoDate) => R | null,
): (year: number) => R | undefined {
  return resolvedLaw<number, T, R>(tables, resolve, (year) => `${String(year).padStart(4, "0")}-01-01`);
}

function resolvedLaw<K, T extends Record<string, ParameterTable<unknown>>, R extends object>(
  tables: T,
  resolve: (rows: RowsOf<T>, date: IsoDate) => R | null,
  dateOf: (key: K) => IsoDate,
): (key: K) => R | undefined {
  const memo = new Map<K, R | null>();
  const keys = Object.keys(tables) as (keyof T & string)[];
  const list = keys.map((key) => tables[key] as ParameterTable<unknown>);
  return (key) => {
    if (observer !== undefined) for (const table of list) observer(table);
    // Inside a run that notes or carries unpublished rows, every look-up is made again: the law
    // of a day then depends on the run (and only a line without its rules, or an assumed one, runs so).
    let law = unpublished === undefined ? memo.get(key) : undefined;
    if (law === undefined) {
      const date = dateOf(key);
      const rows: Record<string, ParameterRow<unknown> | undefined> = {};
      for (const name of keys) rows[name] = rowAt(tables[name] as ParameterTable<unknown>, date);
      law = resolve(rows as RowsOf<T>, date);
      if (unpublished !== undefined) return law ?? undefined;
      if (memo.size > 2048) memo.clear();
      memo.set(key, law);
    }
    return law ?? undefined;
  };
}

/**
 * A value derived once from each row of a parameter (e.g. its numbers as exact fractions), for a
 * calculator that needs it on every line: `const fractions = preparation((v) => …)` at module
 * level, then `fractions(row)` per line.
 */
export function preparation<T, P>(prepare: (value: T) => P): (row: ParameterRow<T>) => P {
  const cache = new WeakMap<ParameterRow<T>, P>();
  return (row) => {
    let prepared = cache.get(row);
    if (prepared === undefined) {
      prepared = prepare(row.value);
      cache.set(row, prepared);
    }
    return prepared;
  };
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
 * The first band of a banded table (age classes, power brackets, …) that matches. Every banded
 * table ends with an open band (`Infinity`), so its last band is the answer beyond the others: the
 * value comes from the table, never from a literal at the call site.
 */
export function bandFor<T>(bands: readonly T[], matches: (band: T) => boolean): T {
  const found = bands.find(matches) ?? bands[bands.length - 1];
  if (found === undefined) throw new Error("a banded table has no bands");
  return found;
}
