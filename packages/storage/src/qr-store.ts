import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "./database-schema";
import type { AuditWriter } from "./fast-path/audit-writer";

export interface StoredLogo {
  readonly name: string;
  readonly contentType: "image/png" | "image/svg+xml";
  readonly data: Buffer;
}

/** How much longer than the lifetime a reused image is given, so that its end moves once a minute at most. */
export const REUSE_EXTENSION_SLACK_MS = 60_000;

/**
 * Logos for QR cards and the generated images. Images are kept in the database (so every service
 * instance serves them) behind a 128-bit random token until they expire; `sweep` removes expired ones.
 */
export class QrStore {
  /**
   * `offThread` (SQLite): new images are committed on the writer thread's connection. A PNG of
   * tens of kilobytes committed on the event loop's connection (synchronous = FULL: an fsync) held
   * every request in flight for 17 ms at the median and 81 ms at worst on a busy machine, once per
   * render; POST /v1/Qr under load renders dozens a second.
   */
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly offThread?: AuditWriter,
  ) {}

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

  async getLogo(name: string): Promise<(StoredLogo & { readonly createdAt: string }) | undefined> {
    const row = await this.db.selectFrom("qr_logos").selectAll().where("name", "=", name).executeTakeFirst();
    return (
      row && {
        name: row.name,
        contentType: row.content_type as StoredLogo["contentType"],
        data: Buffer.from(row.data, "base64"),
        createdAt: row.created_at,
      }
    );
  }

  /**
   * When the logo of that name was last added or replaced (undefined: no such logo): a cheap
   * look-up that tells a cached copy of the logo from a replaced one.
   */
  async logoVersion(name: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("qr_logos")
      .select("created_at")
      .where("name", "=", name)
      .executeTakeFirst();
    return row?.created_at;
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
   * Stores an image until `now + ttlMs`; returns its token. `keys` say what it is, for the reuse
   * look-ups: `contentSha256` (hex) the SVG drawn, `requestKey` the normalised request that asked.
   */
  async putImage(
    png: Buffer,
    ttlMs: number,
    now: Date = new Date(),
    keys: { readonly contentSha256?: string; readonly requestKey?: string } = {},
  ): Promise<string> {
    const token = randomBytes(16).toString("base64url");
    const insert = this.db.insertInto("qr_images").values({
      token,
      png: png.toString("base64"),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlMs).toISOString(),
      content_sha256: keys.contentSha256 ?? null,
      request_key: keys.requestKey ?? null,
    });
    if (this.offThread?.usable) {
      try {
        const { sql, parameters } = insert.compile();
        await this.offThread.execute([{ sql, parameters }]);
        return token;
      } catch (error) {
        // A row the database refused fails; one lost with a dying worker is written here instead.
        if (this.offThread.usable) throw error;
      }
    }
    await insert.execute();
    return token;
  }

  /**
   * The token of a live image asked for by the same normalised request, if there is one; its
   * lifetime is extended as `reuseImage` says.
   */
  reuseImageOfRequest(
    requestKey: string,
    ttlMs: number,
    now: Date = new Date(),
  ): Promise<string | undefined> {
    return this.reuse("request_key", requestKey, ttlMs, now);
  }

  /**
   * The token of a live image of the same content (SHA-256 of its SVG), if there is one. Whoever
   * receives it gets at least the full lifetime: when less than `ttlMs` is left, its end moves to
   * `now + ttlMs` plus REUSE_EXTENSION_SLACK_MS, so that a card asked for many times a second
   * costs one write a minute, not one a request.
   */
  reuseImage(contentSha256: string, ttlMs: number, now: Date = new Date()): Promise<string | undefined> {
    return this.reuse("content_sha256", contentSha256, ttlMs, now);
  }

  private async reuse(
    column: "content_sha256" | "request_key",
    value: string,
    ttlMs: number,
    now: Date,
  ): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("qr_images")
      .select(["token", "expires_at"])
      .where(column, "=", value)
      .where("expires_at", ">", now.toISOString())
      .orderBy("expires_at", "desc")
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.expires_at >= new Date(now.getTime() + ttlMs).toISOString()) return row.token;
    const updated = await this.db
      .updateTable("qr_images")
      .set({ expires_at: new Date(now.getTime() + ttlMs + REUSE_EXTENSION_SLACK_MS).toISOString() })
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
