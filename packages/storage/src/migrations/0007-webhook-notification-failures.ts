import type { Kysely, Migration } from "kysely";

/**
 * Failed notifications count toward flagging an endpoint like failed pings (issue 21): a receiver
 * that answers pings but fails notifications is flagged too. A separate counter, because a
 * successful ping must not clear a run of failed notifications.
 */
export const webhookNotificationFailures: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("webhook_endpoints")
      .addColumn("consecutive_notification_failures", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex("webhook_deliveries_endpoint_kind_idx")
      .on("webhook_deliveries")
      .columns(["endpoint_id", "kind", "created_at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("webhook_deliveries_endpoint_kind_idx").execute();
    await db.schema.alterTable("webhook_endpoints").dropColumn("consecutive_notification_failures").execute();
  },
};
