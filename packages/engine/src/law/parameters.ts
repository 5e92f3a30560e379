/**
 * Every parameter of the law the engine uses, loaded once from the bundled parameter files. Rule
 * modules take their tables from here by id (`parameter<number>("bik.minimum")`); the registry
 * lists them all.
 */
import { REGISTRATION_DATE_RANGE } from "../core/registration-date-range";
import { loadParameter } from "./parameter-file";
import { PARAMETER_FILES } from "./parameter-files";
import type { ParameterRow, ParameterTable } from "./parameter-table";

const LOADED = new Map<string, ParameterTable<unknown>>();
const LOADING = new Set<string>();

// Loads a parameter, and first the parameters its indexed rows read their coefficients from.
function load(id: string): ParameterTable<unknown> {
  const loaded = LOADED.get(id);
  if (loaded) return loaded;
  if (LOADING.has(id)) throw new Error(`parameter ${id} reads its own coefficient (a cycle)`);
  if (!(id in PARAMETER_FILES)) throw new Error(`no parameter file for ${id} (packages/engine/parameters/)`);
  LOADING.add(id);
  const table = loadParameter(id, PARAMETER_FILES[id], load);
  LOADING.delete(id);
  LOADED.set(id, table);
  return table;
}

/** Every parameter, by id in alphabetical order. */
export const PARAMETERS: readonly ParameterTable<unknown>[] = Object.freeze(
  Object.keys(PARAMETER_FILES).map(load),
);

/**
 * The parameter with this id (the path of its file under `parameters/`). `T` is the shape of its
 * values, which the module that reads it declares; an unknown id is a programming error and
 * throws when the module loads.
 */
export function parameter<T>(id: string): ParameterTable<T> {
  const table = LOADED.get(id);
  if (!table) throw new Error(`no parameter file for ${id} (packages/engine/parameters/)`);
  return table as ParameterTable<T>;
}

/** The first day the engine evaluates: a statutory constant's one row starts on it or before. */
const FIRST_EVALUATED_DAY = REGISTRATION_DATE_RANGE.from;

/**
 * The one row of a statutory constant (a parameter with a single row, open from before the first
 * day the engine evaluates), for a rule module that hands its value to the calculators once, at
 * load. A second row (a change of the law) makes this throw when the engine loads: the calculator
 * must then read the parameter by date with `rowAt`.
 */
export function constantRow<T>(id: string): ParameterRow<T> {
  const table = parameter<T>(id);
  const [only, ...more] = table.rows;
  if (!only || more.length > 0 || only.until !== null || only.from > FIRST_EVALUATED_DAY)
    throw new Error(`parameter ${id} is no longer one open row: read it by date (rowAt)`);
  return only;
}

/** A band table's open last band: `null` in the file ("no upper limit") as Infinity. */
export function openBound(limit: number | null): number {
  return limit ?? Number.POSITIVE_INFINITY;
}
