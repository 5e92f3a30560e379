import type { Kysely, Migration } from "kysely";

/**
 * Comparisons (issue 22, POST /v1/Compare): saved like calculations, an audit record of what was
 * asked, what was answered and under which rules version, under the `comparisonId` that the
 * account retrieves it by (and that a public link can name).
 */
export const comparisons: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("comparisons")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("owner_id", "text", (c) => c.notNull())
      .addColumn("subscription_id", "text", (c) => c.notNull())
      .addColumn("request", "text", (c) => c.notNull())
      .addColumn("result", "text", (c) => c.notNull())
      .addColumn("rules_version", "text", (c) => c.notNull())
      .addColumn("client_version", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("comparisons").execute();
  },
};
