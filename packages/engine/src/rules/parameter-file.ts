/**
 * Parameter files: one JSON file per parameter under `packages/engine/parameters/`, its path the
 * parameter's id (`parameters/bik/minimum.json` is `bik.minimum`). The files are imported
 * statically (`parameter-files.ts`, generated) and bundled at build time: the engine reads no file
 * at run time. This module turns a file's data into a ParameterTable. The full schema of a file is
 * checked by a zod schema in the tests (`parameter-file.schema.ts`); at load only what would make
 * a look-up wrong is checked: dates in order, periods that do not overlap, catalogued sources.
 */
import type { Calculator } from "../enums";
import type { IsoDate } from "../iso-date";
import type { Citation, Confidence, ParameterRow, ParameterTable, PrimarySource } from "./parameter-table";
import { sourceOf } from "./source";

/** One row as a parameter file holds it. */
export interface ParameterFileRow {
  readonly from: IsoDate;
  readonly until: IsoDate | null;
  readonly value: unknown;
  readonly sources: readonly Citation[];
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

/** The table of a parameter file; throws on a data error (the tests load every file). */
export function loadParameter<T>(id: string, data: unknown): ParameterTable<T> {
  const file = data as ParameterFile;
  const rows = [...file.rows]
    .sort((a, b) => (a.from < b.from ? -1 : 1))
    .map((row): ParameterRow<T> => {
      const [first, ...rest] = row.sources.map((citation) => sourceOf(citation.href));
      if (!first) throw new Error(`parameter ${id}: the row from ${row.from} cites no source`);
      if (row.until !== null && row.until < row.from)
        throw new Error(`parameter ${id}: the row from ${row.from} ends before it starts`);
      return Object.freeze({
        from: row.from,
        until: row.until,
        value: row.value as T,
        sources: Object.freeze([first, ...rest]) as ParameterRow<T>["sources"],
        citations: Object.freeze(row.sources.map((c) => Object.freeze({ ...c }))),
        primarySource: Object.freeze({ ...row.primarySource }),
        confidence: row.confidence,
        ...(row.provisional ? { provisional: true } : {}),
        ...(row.note ? { note: row.note } : {}),
      });
    });
  for (let i = 1; i < rows.length; i++) {
    const previous = rows[i - 1];
    const current = rows[i];
    if (previous && current && (previous.until === null || previous.until >= current.from)) {
      throw new Error(`parameter ${id}: the period from ${current.from} overlaps the previous row`);
    }
  }
  return Object.freeze({
    id,
    description: file.description,
    unit: file.unit,
    lastChecked: file.lastChecked,
    calculators: Object.freeze([...file.calculators]),
    rows: Object.freeze(rows),
  });
}
