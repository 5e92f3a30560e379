import type { Kysely, Migration } from "kysely";

/**
 * Per-subscription rate limits (issue 21 part 4): the limit on the subscription row (null = none),
 * the shared fixed-window counters (used on PostgreSQL, where instances share them), the usage
 * counters per hour, endpoint and status, and the rules version last notified to receivers.
 */
export const subscriptionLimits: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("subscriptions").addColumn("rate_limit_requests", "integer").execute();
    await db.schema.alterTable("subscriptions").addColumn("rate_limit_window_seconds", "integer").execute();
    await db.schema
      .createTable("rate_limit_windows")
      .addColumn("subscription_id", "text", (c) => c.notNull())
      .addColumn("window_seconds", "integer", (c) => c.notNull())
      /** Start of the window, in whole seconds since the Unix epoch (a multiple of window_seconds). */
      .addColumn("window_start", "bigint", (c) => c.notNull())
      .addColumn("requests", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("rate_limit_windows_pk", ["subscription_id", "window_seconds", "window_start"])
      .execute();
    await db.schema
      .createTable("subscription_usage")
      .addColumn("subscription_id", "text", (c) => c.notNull())
      /** The hour the requests fell in (ISO-8601 UTC, `yyyy-MM-ddTHH:00:00.000Z`). */
      .addColumn("hour", "text", (c) => c.notNull())
      .addColumn("method", "text", (c) => c.notNull())
      .addColumn("route", "text", (c) => c.notNull())
      .addColumn("status", "integer", (c) => c.notNull())
      .addColumn("requests", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("subscription_usage_pk", [
        "subscription_id",
        "hour",
        "method",
        "route",
        "status",
      ])
      .execute();
    await db.schema
      .createTable("rules_notices")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("rules_version", "text", (c) => c.notNull())
      .addColumn("notified_at", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("rules_notices").execute();
    await db.schema.dropTable("subscription_usage").execute();
    await db.schema.dropTable("rate_limit_windows").execute();
    await db.schema.alterTable("subscriptions").dropColumn("rate_limit_window_seconds").execute();
    await db.schema.alterTable("subscriptions").dropColumn("rate_limit_requests").execute();
  },
};
