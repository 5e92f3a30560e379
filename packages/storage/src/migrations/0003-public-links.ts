import type { Kysely, Migration } from "kysely";

/** Public links of car details: an unguessable token per car, stable for the car's life. */
export const publicLinks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("public_links")
      .addColumn("token", "text", (c) => c.primaryKey())
      .addColumn("owner_id", "text", (c) => c.notNull())
      .addColumn("car_detail_id", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addUniqueConstraint("public_links_car_unique", ["owner_id", "car_detail_id"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("public_links").execute();
  },
};
