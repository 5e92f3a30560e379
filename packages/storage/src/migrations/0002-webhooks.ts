import type { Kysely, Migration } from "kysely";

/** Webhook endpoints, the delivery outbox and the history of attempts (docs/contract.md, Events). */
export const webhooks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("webhook_endpoints")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("subscription_id", "text", (c) => c.notNull().references("subscriptions.id"))
      .addColumn("url", "text", (c) => c.notNull())
      .addColumn("secret", "text")
      .addColumn("enabled", "integer", (c) => c.notNull())
      .addColumn("consecutive_ping_failures", "integer", (c) => c.notNull())
      .addColumn("flagged", "integer", (c) => c.notNull())
      .addColumn("next_ping_at", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("webhook_deliveries")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("endpoint_id", "text", (c) => c.notNull().references("webhook_endpoints.id"))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull())
      .addColumn("next_attempt_at", "text", (c) => c.notNull())
      .addColumn("locked_until", "text")
      .addColumn("last_status", "integer")
      .addColumn("last_error", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("webhook_deliveries_due_idx")
      .on("webhook_deliveries")
      .columns(["status", "next_attempt_at"])
      .execute();
    await db.schema
      .createTable("webhook_attempts")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("delivery_id", "text", (c) => c.notNull().references("webhook_deliveries.id"))
      .addColumn("endpoint_id", "text", (c) => c.notNull().references("webhook_endpoints.id"))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("attempt", "integer", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("outcome", "text", (c) => c.notNull())
      .addColumn("status", "integer")
      .addColumn("latency_ms", "integer", (c) => c.notNull())
      .addColumn("error", "text")
      .execute();
    await db.schema
      .createIndex("webhook_attempts_endpoint_idx")
      .on("webhook_attempts")
      .columns(["endpoint_id", "at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ["webhook_attempts", "webhook_deliveries", "webhook_endpoints"]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
