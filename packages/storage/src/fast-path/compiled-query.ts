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
  direct?: DirectReader,
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
    if (direct) return direct(compiled.sql, values) as Row | undefined;
    const { rows } = await db.executeQuery<Row>({ ...compiled, parameters: values });
    return rows[0];
  };
}

/**
 * Runs a read of one row straight on a connection of its own (SQLite: a second better-sqlite3
 * connection to the same file). It sees committed data only, as any other connection would, and
 * skips Kysely's connection queue: the key look-up and the car read of every request otherwise wait
 * behind each other and cost several times SQLite's own answer.
 */
export type DirectReader = (sql: string, parameters: readonly unknown[]) => unknown;

/**
 * A number that differs from the last one returned whenever the database may have changed since
 * (SQLite: `pragma data_version` of the reader's connection; PostgreSQL: the change feed of the
 * table, postgres/change-feed.ts, which also returns a new number on every call while it cannot
 * vouch for what was read). Equal numbers mean nothing was committed in between, so what was read
 * before is still what the database holds.
 */
export type ChangeCounter = () => number;
