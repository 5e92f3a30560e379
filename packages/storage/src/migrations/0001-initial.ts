import type { Kysely, Migration } from "kysely";

/** Accounts, subscriptions (hashed keys), car details and the calculation audit records. */
export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("accounts")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("subscriptions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("owner_id", "text", (c) => c.notNull().references("accounts.id"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("environment", "text", (c) => c.notNull())
      .addColumn("active", "integer", (c) => c.notNull())
      .addColumn("calculation_access", "integer", (c) => c.notNull())
      .addColumn("prices_include_vat", "integer", (c) => c.notNull())
      .addColumn("primary_key_hash", "text", (c) => c.notNull().unique())
      .addColumn("secondary_key_hash", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("car_details")
      .addColumn("owner_id", "text", (c) => c.notNull().references("accounts.id"))
      .addColumn("id", "text", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("car_details_pk", ["owner_id", "id"])
      .execute();
    await db.schema
      .createTable("calculations")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("owner_id", "text", (c) => c.notNull().references("accounts.id"))
      .addColumn("subscription_id", "text", (c) => c.notNull().references("subscriptions.id"))
      .addColumn("request", "text", (c) => c.notNull())
      .addColumn("result", "text", (c) => c.notNull())
      .addColumn("rules_version", "text", (c) => c.notNull())
      .addColumn("client_version", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("calculations_owner_idx").on("calculations").columns(["owner_id"]).execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ["calculations", "car_details", "subscriptions", "accounts"]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
