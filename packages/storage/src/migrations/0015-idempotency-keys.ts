import type { Kysely, Migration } from "kysely";

/**
 * Idempotency keys of POST operations (issue 41, point 1): per subscription and key, the claim of
 * the first request (its fingerprint, while it runs) and then its answer (status, the headers
 * that matter, the body bytes) until the key expires. The primary key is the claim: of two
 * concurrent requests with one key, one insert succeeds. Numbered 0015: 0013 had shipped
 * (saved-result engine version) and 0014 is another change's.
 */
export const idempotencyKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("idempotency_keys")
      .addColumn("subscription_id", "text", (c) => c.notNull().references("subscriptions.id"))
      .addColumn("idempotency_key", "text", (c) => c.notNull())
      .addColumn("fingerprint", "text", (c) => c.notNull())
      .addColumn("claim", "text", (c) => c.notNull())
      .addColumn("status", "integer")
      .addColumn("headers", "text")
      // bytea: PostgreSQL's binary type; SQLite stores a blob whatever the declared type.
      .addColumn("body", "bytea")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("idempotency_keys_pk", ["subscription_id", "idempotency_key"])
      .execute();
    await db.schema
      .createIndex("idempotency_keys_expires_at")
      .on("idempotency_keys")
      .column("expires_at")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("idempotency_keys").execute();
  },
};
