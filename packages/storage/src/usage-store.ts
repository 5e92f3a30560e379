import { type Kysely, sql } from "kysely";
import type { DatabaseSchema } from "./database-schema";
import type { AuditWriter } from "./fast-path/audit-writer";

/** Requests of one subscription for one endpoint and status over a period. */
export interface UsageRow {
  readonly method: string;
  readonly route: string;
  readonly status: number;
  readonly requests: number;
}

const SEPARATOR = "\u0000";
/** Rows per INSERT: six parameters each, well under SQLite's and PostgreSQL's limits. */
const BATCH = 500;

/** The start of the hour of a time, as stored (`yyyy-MM-ddTHH:00:00.000Z`). */
export const hourOf = (ms: number): string => new Date(ms - (ms % 3_600_000)).toISOString();

/**
 * Requests per subscription, hour, method, route pattern and status. `record` only adds to a count
 * in memory (nothing on the request's path touches the database); `flush` adds the counts to the
 * table (the server flushes every few seconds and on close), so several instances add up.
 */
export class UsageStore {
  private pending = new Map<string, number>();
  /** The hour of the last record and its text: formatting a date costs more than the rest of `record`. */
  private hourStart = -1;
  private hourText = "";
  /** The flush writing now, if any: a flush called meanwhile waits for it (see `flush`). */
  private writing: Promise<void> | undefined;

  /**
   * `offThread` (SQLite): the flush runs on the writer thread's connection, never waiting for the
   * write lock on the event loop while audit records are being committed (AuditWriter.execute).
   */
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly offThread?: AuditWriter,
  ) {}

  record(subscriptionId: string, method: string, route: string, status: number, at = Date.now()): void {
    const start = at - (at % 3_600_000);
    if (start !== this.hourStart) {
      this.hourStart = start;
      this.hourText = hourOf(at);
    }
    const key = `${subscriptionId}${SEPARATOR}${this.hourText}${SEPARATOR}${method}${SEPARATOR}${route}${SEPARATOR}${status}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
  }

  /**
   * Adds the counts recorded since the last flush to the table; on failure they are kept for the
   * next. When it resolves, every count recorded before the call is in the table (or kept after a
   * failure): a flush called while another is writing (the server's periodic one, when the storage
   * closes or a caller flushes) waits for it first, instead of finding nothing pending and resolving
   * before those rows are committed.
   */
  async flush(): Promise<void> {
    while (this.writing) await this.writing.catch(() => undefined);
    if (this.pending.size === 0) return;
    const writing = this.write();
    this.writing = writing;
    try {
      await writing;
    } finally {
      this.writing = undefined;
    }
  }

  private async write(): Promise<void> {
    const taken = this.pending;
    this.pending = new Map();
    const rows = [...taken].map(([key, requests]) => {
      const [subscription_id = "", hour = "", method = "", route = "", status = "0"] = key.split(SEPARATOR);
      return { subscription_id, hour, method, route, status: Number(status), requests };
    });
    const add = (db: Kysely<DatabaseSchema>, batch: typeof rows) =>
      db
        .insertInto("subscription_usage")
        .values(batch)
        .onConflict((oc) =>
          oc
            .columns(["subscription_id", "hour", "method", "route", "status"])
            .doUpdateSet({ requests: sql`subscription_usage.requests + excluded.requests` }),
        );
    try {
      if (this.offThread?.usable) {
        const statements = [];
        for (let i = 0; i < rows.length; i += BATCH) {
          const { sql: text, parameters } = add(this.db, rows.slice(i, i + BATCH)).compile();
          statements.push({ sql: text, parameters });
        }
        await this.offThread.execute(statements);
        return;
      }
      await this.db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += BATCH) await add(trx, rows.slice(i, i + BATCH)).execute();
      });
    } catch (error) {
      for (const [key, requests] of taken) this.pending.set(key, (this.pending.get(key) ?? 0) + requests);
      throw error;
    }
  }

  /** The subscription's requests per method, route and status from the hour of `since` on. */
  async query(subscriptionId: string, since?: Date): Promise<UsageRow[]> {
    let query = this.db
      .selectFrom("subscription_usage")
      .select(["method", "route", "status", (eb) => eb.fn.sum<number | string>("requests").as("requests")])
      .where("subscription_id", "=", subscriptionId)
      .groupBy(["method", "route", "status"])
      .orderBy("route")
      .orderBy("method")
      .orderBy("status");
    if (since) query = query.where("hour", ">=", hourOf(since.getTime()));
    const rows = await query.execute();
    return rows.map((r) => ({
      method: r.method,
      route: r.route,
      status: Number(r.status),
      requests: Number(r.requests),
    }));
  }
}
