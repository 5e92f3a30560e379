import type { Kysely, Migration } from "kysely";

/**
 * A generated QR image remembers the SHA-256 of what was drawn (its SVG), so that a second
 * identical QrRequest within the image's lifetime gets the same image without rendering again.
 * Images made before this migration have none and are never reused.
 */
export const qrImageReuse: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("qr_images").addColumn("content_sha256", "text").execute();
    await db.schema
      .createIndex("qr_images_content_sha256_idx")
      .on("qr_images")
      .columns(["content_sha256", "expires_at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("qr_images_content_sha256_idx").execute();
    await db.schema.alterTable("qr_images").dropColumn("content_sha256").execute();
  },
};
