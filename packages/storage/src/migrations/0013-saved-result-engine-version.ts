import type { Kysely, Migration } from "kysely";

/**
 * Projections and comparisons record the version of @cartax/engine that computed them, as
 * calculation records do (issue 39: one audit record shape for every calculating operation). Rows
 * saved before keep null: their engine version was not recorded.
 */
export const savedResultEngineVersion: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ["projections", "comparisons"]) {
      await db.schema.alterTable(table).addColumn("engine_version", "text").execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const table of ["projections", "comparisons"]) {
      await db.schema.alterTable(table).dropColumn("engine_version").execute();
    }
  },
};
