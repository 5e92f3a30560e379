import type { Compilable, CompiledQuery, Kysely } from "kysely";

/**
 * A query of fixed shape built and compiled once, then run with new parameter values. Kysely
 * otherwise rebuilds and recompiles the query tree on every call, which costs more than SQLite's
 * answer on the hot paths (key look-up and car detail read on every request): 22.7 µs against
 * 9 µs for a key look-up on SQLite. `build` receives distinct placeholder values, which must come out as the compiled parameters
 * in the same order (checked on first use).
 */
export function compiledQuery<DB, Row, Params extends readonly unknown[]>(
  db: Kysely<DB>,
  build: (...placeholders: Params) => Compilable<Row>,
  placeholders: Params,
): (...values: Params) => Promise<Row | undefined> {
  let compiled: CompiledQuery<Row> | undefined;
  return async (...values) => {
    if (!compiled) {
      compiled = build(...placeholders).compile();
      // The values are bound by position: the compiled parameters must be the placeholders, in order.
      if (
        compiled.parameters.length !== placeholders.length ||
        compiled.parameters.some((p, i) => p !== placeholders[i])
      )
        throw new Error(`compiled query binds ${JSON.stringify(compiled.parameters)}, not the placeholders`);
    }
    const { rows } = await db.executeQuery<Row>({ ...compiled, parameters: values });
    return rows[0];
  };
}
