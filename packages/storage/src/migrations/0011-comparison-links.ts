import type { Kysely, Migration } from "kysely";

/**
 * Public links of saved comparisons (issue 22): an unguessable token per comparison, stable for
 * the comparison's life, beside (not in) the car details' `public_links`, whose rows keep their
 * shape. Tokens of both tables are 128 random bits, so one namespace `/p/{token}` serves both.
 */
export const comparisonLinks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("comparison_links")
      .addColumn("token", "text", (c) => c.primaryKey())
      .addColumn("owner_id", "text", (c) => c.notNull())
      .addColumn("comparison_id", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addUniqueConstraint("comparison_links_comparison_unique", ["owner_id", "comparison_id"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("comparison_links").execute();
  },
};
