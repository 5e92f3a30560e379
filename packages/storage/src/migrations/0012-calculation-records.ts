import type { Kysely, Migration } from "kysely";

/**
 * Audit records of calculations, compressed (issue 29): the request as received and the answer as
 * sent in one deflated body (audit-record-codec.ts) with the rules and engine versions. About a
 * tenth of the `calculations` rows of the same call, which stay as they are and are still read:
 * records written before this migration keep their plain texts there.
 */
export const calculationRecords: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("calculation_records")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("owner_id", "text", (c) => c.notNull().references("accounts.id"))
      .addColumn("subscription_id", "text", (c) => c.notNull().references("subscriptions.id"))
      .addColumn("rules_version", "text", (c) => c.notNull())
      .addColumn("engine_version", "text", (c) => c.notNull())
      .addColumn("client_version", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("encoding", "integer", (c) => c.notNull())
      .addColumn("request_bytes", "integer", (c) => c.notNull())
      // bytea: PostgreSQL's binary type; SQLite stores a blob whatever the declared type.
      .addColumn("body", "bytea", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("calculation_records").execute();
  },
};
