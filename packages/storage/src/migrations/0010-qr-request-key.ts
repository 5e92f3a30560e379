import type { Kysely, Migration } from "kysely";

/**
 * A generated QR image remembers the key of the normalised QrRequest that asked for it (account,
 * car, resolved layout, logos; apps/api/src/api/qr/qr-request-key.ts), so that an identical request
 * within the image's lifetime is answered from one indexed look-up, without composing the card
 * or rendering it. Images made before this migration have none and are found by their SVG's hash.
 * Numbered 0010 to leave 0008 and 0009 to migrations of other work in progress.
 */
export const qrRequestKey: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("qr_images").addColumn("request_key", "text").execute();
    await db.schema
      .createIndex("qr_images_request_key_idx")
      .on("qr_images")
      .columns(["request_key", "expires_at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("qr_images_request_key_idx").execute();
    await db.schema.alterTable("qr_images").dropColumn("request_key").execute();
  },
};
