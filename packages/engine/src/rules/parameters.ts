/**
 * Every parameter of the law the engine uses, loaded once from the bundled parameter files. Rule
 * modules take their tables from here by id (`parameter<number>("bik.minimum")`); the registry
 * lists them all.
 */
import { loadParameter } from "./parameter-file";
import { PARAMETER_FILES } from "./parameter-files";
import type { ParameterTable } from "./parameter-table";

const LOADED = new Map<string, ParameterTable<unknown>>();
for (const id of Object.keys(PARAMETER_FILES)) LOADED.set(id, loadParameter(id, PARAMETER_FILES[id]));

/** Every parameter, by id in alphabetical order. */
export const PARAMETERS: readonly ParameterTable<unknown>[] = Object.freeze([...LOADED.values()]);

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
