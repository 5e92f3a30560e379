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

  /**
   * Stores an image until `now + ttlMs`; returns its token. `contentSha256` (hex) identifies what
   * was drawn, for `reuseImage`.
   */
  async putImage(
    png: Buffer,
    ttlMs: number,
    now: Date = new Date(),
    contentSha256: string | null = null,
  ): Promise<string> {
    const token = randomBytes(16).toString("base64url");
    await this.db
      .insertInto("qr_images")
      .values({
        token,
        png: png.toString("base64"),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + ttlMs).toISOString(),
        content_sha256: contentSha256,
      })
      .execute();
    return token;
  }

  /**
   * The token of a live image of the same content, if there is one; its lifetime is extended to
   * `now + ttlMs` (never shortened), so that whoever receives it has the full lifetime too.
   */
  async reuseImage(
    contentSha256: string,
    ttlMs: number,
    now: Date = new Date(),
  ): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("qr_images")
      .select(["token", "expires_at"])
      .where("content_sha256", "=", contentSha256)
      .where("expires_at", ">", now.toISOString())
      .orderBy("expires_at", "desc")
      .executeTakeFirst();
    if (!row) return undefined;
    const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
    if (expiresAt <= row.expires_at) return row.token;
    const updated = await this.db
      .updateTable("qr_images")
      .set({ expires_at: expiresAt })
      .where("token", "=", row.token)
      .where("expires_at", ">", now.toISOString())
      .executeTakeFirst();
    // Swept in between: no longer live, so not reused.
    return Number(updated.numUpdatedRows) > 0 ? row.token : undefined;
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
