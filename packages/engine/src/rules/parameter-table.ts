import type { Calculator } from "../enums";
import type { IsoDate } from "../iso-date";
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

// Lookups repeat the same few dates (each line, each matrix cell): memoised per table.
const lookups = new WeakMap<ParameterTable<unknown>, Map<IsoDate, ParameterRow<unknown> | null>>();

/** The row in force on `date`, or undefined when none is published for it. */
export function rowAt<T>(table: ParameterTable<T>, date: IsoDate): ParameterRow<T> | undefined {
  if (observer !== undefined) observer(table);
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
 * The first band of a banded table (age classes, power brackets, …) that matches. Every banded
 * table ends with an open band (`Infinity`), so its last band is the answer beyond the others: the
 * value comes from the table, never from a literal at the call site.
 */
export function bandFor<T>(bands: readonly T[], matches: (band: T) => boolean): T {
  const found = bands.find(matches) ?? bands[bands.length - 1];
  if (found === undefined) throw new Error("a banded table has no bands");
  return found;
}
