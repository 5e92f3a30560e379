/**
 * Parameter files: one JSON file per parameter under `packages/engine/parameters/`, its path the
 * parameter's id (`parameters/bik/minimum.json` is `bik.minimum`). The files are imported
 * statically (`parameter-files.ts`, generated) and bundled at build time: the engine reads no file
 * at run time. This module turns a file's data into a ParameterTable. The full schema of a file is
 * checked by a zod schema in the tests (`parameter-file.schema.ts`); at load only what would make
 * a look-up wrong is checked: dates in order, periods that do not overlap, catalogued sources
 * (`parameters/sources.json`: a row cites an address, the catalogue gives its title).
 */
import type { Calculator } from "../core/enums";
import type { IsoDate } from "../core/iso-date";
import { type Indexation, type IndexedDeclaration, indexAmounts } from "./indexation";
import type { Citation, Confidence, ParameterRow, ParameterTable, PrimarySource } from "./parameter-table";
import { type Source, sourceOf } from "./source";

/**
 * A source as a row cites it: its address (the catalogue `parameters/sources.json` gives its title
 * and, for an official text, its Official Journal date) and where in it the row's value stands.
 */
export type FileCitation = Omit<Citation, "title" | "officialJournalDate">;

/** A row's citation completed from the catalogue, its keys in the order results show them. */
function citation({ href, article, numac }: FileCitation, source: Source): Citation {
  return Object.freeze({
    href,
    title: source.title,
    ...(article === undefined ? {} : { article }),
    ...(source.officialJournalDate === undefined ? {} : { officialJournalDate: source.officialJournalDate }),
    ...(numac === undefined ? {} : { numac }),
  });
}

/** One row as a parameter file holds it: a `value`, or an `indexed` amount the loader computes. */
export interface ParameterFileRow {
  readonly from: IsoDate;
  readonly until: IsoDate | null;
  readonly value?: unknown;
  readonly indexed?: IndexedDeclaration;
  readonly sources: readonly FileCitation[];
  readonly primarySource: PrimarySource;
  readonly confidence: Confidence;
  readonly provisional: boolean;
  readonly note?: string;
}

/** A parameter file (its id is its path). */
export interface ParameterFile {
  readonly description: string;
  readonly unit: string;
  readonly lastChecked: IsoDate;
  readonly calculators: readonly Calculator[];
  readonly rows: readonly ParameterFileRow[];
}

/** The other parameters a file may read (an indexed row's coefficient), by id. */
export type ParameterResolver = (id: string) => ParameterTable<unknown>;

const noReferences: ParameterResolver = (other) => {
  throw new Error(`parameter ${other} cannot be read here`);
};

/** The value of an indexed row, and how it was computed. */
function indexedValue(
  id: string,
  row: ParameterFileRow,
  declaration: IndexedDeclaration,
  resolve: ParameterResolver,
): { value: unknown; indexed: Indexation } {
  const { base, coefficient, rounding } = declaration;
  if (typeof coefficient === "number")
    return { value: indexAmounts(base, coefficient, rounding), indexed: { base, coefficient, rounding } };
  const source = resolve(coefficient.parameter);
  // The coefficient's row must cover the whole period of the indexed row.
  const covering = source.rows.find(
    (r) => r.from <= row.from && (r.until === null || (row.until !== null && row.until <= r.until)),
  );
  const raw = covering?.value as unknown;
  const found =
    coefficient.field === undefined ? raw : (raw as Record<string, unknown> | undefined)?.[coefficient.field];
  if (typeof found !== "number")
    throw new Error(
      `parameter ${id}: no ${coefficient.parameter}${coefficient.field ? `.${coefficient.field}` : ""} covers ${row.from}…${row.until ?? ""}`,
    );
  const from = `${coefficient.parameter}${coefficient.field ? ` (${coefficient.field})` : ""}`;
  return {
    value: indexAmounts(base, found, rounding),
    indexed: { base, coefficient: found, coefficientFrom: from, rounding },
  };
}

/**
 * The table of a parameter file; throws on a data error (the tests load every file). `resolve`
 * gives the other parameters an indexed row reads its coefficient from.
 */
export function loadParameter<T>(
  id: string,
  data: unknown,
  resolve: ParameterResolver = noReferences,
): ParameterTable<T> {
  const file = data as ParameterFile;
  const rows = [...file.rows]
    .sort((a, b) => (a.from < b.from ? -1 : 1))
    .map((row): ParameterRow<T> => {
      const catalogued = row.sources.map((citation) => sourceOf(citation.href));
      const [first, ...rest] = catalogued;
      if (!first) throw new Error(`parameter ${id}: the row from ${row.from} cites no source`);
      if (row.until !== null && row.until < row.from)
        throw new Error(`parameter ${id}: the row from ${row.from} ends before it starts`);
      if ((row.indexed === undefined) === (row.value === undefined))
        throw new Error(
          `parameter ${id}: the row from ${row.from} needs either a value or an indexed amount`,
        );
      const derived = row.indexed ? indexedValue(id, row, row.indexed, resolve) : undefined;
      // Every row has the same keys in the same order (one hidden class for the calculators' reads).
      return Object.freeze({
        from: row.from,
        until: row.until,
        value: (derived ? derived.value : row.value) as T,
        indexed: derived ? Object.freeze(derived.indexed) : undefined,
        sources: Object.freeze([first, ...rest]) as ParameterRow<T>["sources"],
        citations: Object.freeze(row.sources.map((cited, i) => citation(cited, catalogued[i] as Source))),
        primarySource: Object.freeze({ ...row.primarySource }),
        confidence: row.confidence,
        provisional: row.provisional === true,
        note: row.note,
        parameter: id,
      });
    });
  for (let i = 1; i < rows.length; i++) {
    const previous = rows[i - 1];
    const current = rows[i];
    if (previous && current && (previous.until === null || previous.until >= current.from)) {
      throw new Error(`parameter ${id}: the period from ${current.from} overlaps the previous row`);
    }
  }
  const table = {
    id,
    description: file.description,
    unit: file.unit,
    lastChecked: file.lastChecked,
    calculators: Object.freeze([...file.calculators]),
    rows: Object.freeze(rows),
  };
  // The look-up memo of rowAt, out of sight of the export (not enumerable).
  Object.defineProperty(table, "memo", { value: new Map(), enumerable: false });
  return Object.freeze(table);
}
