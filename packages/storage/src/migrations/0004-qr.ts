import type { Kysely, Migration } from "kysely";

/** The QR logo store and the generated QR images with their expiry. */
export const qr: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("qr_logos")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("content_type", "text", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("qr_images")
      .addColumn("token", "text", (c) => c.primaryKey())
      .addColumn("png", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("qr_images_expiry_idx").on("qr_images").column("expires_at").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("qr_images").execute();
    await db.schema.dropTable("qr_logos").execute();
  },
};
