import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "./database-schema";

export interface StoredLogo {
  readonly name: string;
  readonly contentType: "image/png" | "image/svg+xml";
  readonly data: Buffer;
}

/**
 * Logos for QR cards and the generated images. Images are kept in the database (so every service
 * instance serves them) behind a 128-bit random token until they expire; `sweep` removes expired ones.
 */
export class QrStore {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** Adds or replaces a logo (the caller has validated it). */
  async putLogo(logo: StoredLogo): Promise<void> {
    const row = {
      name: logo.name,
      content_type: logo.contentType,
      data: logo.data.toString("base64"),
      created_at: new Date().toISOString(),
    };
    await this.db
      .insertInto("qr_logos")
      .values(row)
      .onConflict((oc) =>
        oc
          .column("name")
          .doUpdateSet({ content_type: row.content_type, data: row.data, created_at: row.created_at }),
      )
      .execute();
  }

  async getLogo(name: string): Promise<StoredLogo | undefined> {
    const row = await this.db.selectFrom("qr_logos").selectAll().where("name", "=", name).executeTakeFirst();
    return (
      row && {
        name: row.name,
        contentType: row.content_type as StoredLogo["contentType"],
        data: Buffer.from(row.data, "base64"),
      }
    );
  }

  async listLogos(): Promise<{ name: string; contentType: string; bytes: number; createdAt: string }[]> {
    const rows = await this.db.selectFrom("qr_logos").selectAll().orderBy("name").execute();
    return rows.map((r) => ({
      name: r.name,
      contentType: r.content_type,
      bytes: Buffer.from(r.data, "base64").length,
      createdAt: r.created_at,
    }));
  }

  /** Stores an image until `now + ttlMs`; returns its token. */
  async putImage(png: Buffer, ttlMs: number, now: Date = new Date()): Promise<string> {
    const token = randomBytes(16).toString("base64url");
    await this.db
      .insertInto("qr_images")
      .values({
        token,
        png: png.toString("base64"),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + ttlMs).toISOString(),
      })
      .execute();
    return token;
  }

  /** The image, if the token is known and not expired. */
  async getImage(token: string, now: Date = new Date()): Promise<Buffer | undefined> {
    if (!/^[\w-]{22}$/.test(token)) return undefined;
    const row = await this.db
      .selectFrom("qr_images")
      .select("png")
      .where("token", "=", token)
      .where("expires_at", ">", now.toISOString())
      .executeTakeFirst();
    return row && Buffer.from(row.png, "base64");
  }

  /** Deletes expired images; returns how many. */
  async sweep(now: Date = new Date()): Promise<number> {
    const result = await this.db
      .deleteFrom("qr_images")
      .where("expires_at", "<=", now.toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
