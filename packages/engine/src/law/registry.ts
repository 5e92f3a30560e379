import type { Calculator } from "../core/enums";
import type { ParameterTable } from "./parameter-table";
import { PARAMETERS } from "./parameters";

/** A rule table and the calculators whose results it can change. */
export interface RegisteredTable {
  readonly table: ParameterTable<unknown>;
  readonly calculators: readonly Calculator[];
}

/**
 * Every dated parameter of the engine (one per file under `packages/engine/parameters/`), with the
 * calculators it feeds as its file says: what `cartax rules export` prints and `cartax rules diff`
 * compares, so an operator knows which `updatedCalculations` a change notifies. A test checks that
 * every parameter a calculator reads names that calculator.
 */
export const RULE_TABLES: readonly RegisteredTable[] = Object.freeze(
  PARAMETERS.map((table) => Object.freeze({ table, calculators: table.calculators })),
);
