import type { Kysely, Selectable } from "kysely";
import type { CalculationTable, DatabaseSchema } from "./database-schema";
import { GroupCommit } from "./group-commit";
import { SqliteAuditWriter } from "./sqlite-audit-writer";

/** The audit record of one Calculate call: "what did we say, under which rules?" */
export interface CalculationRecord {
  readonly id: string;
  readonly ownerId: string;
  readonly subscriptionId: string;
  /** The request body as received (parsed JSON). */
  readonly request: unknown;
  /** The CalculationResult that was sent. */
  readonly result: unknown;
  readonly rulesVersion: string;
  /** The request's `version` field (client version tag, stored for auditing only). */
  readonly clientVersion: string | null;
  readonly createdAt: string;
}

const toRecord = (row: Selectable<CalculationTable>): CalculationRecord => ({
  id: row.id,
  ownerId: row.owner_id,
  subscriptionId: row.subscription_id,
  request: JSON.parse(row.request),
  result: JSON.parse(row.result),
  rulesVersion: row.rules_version,
  clientVersion: row.client_version,
  createdAt: row.created_at,
});

const toRow = (record: CalculationRecord, resultJson?: string) => ({
  id: record.id,
  owner_id: record.ownerId,
  subscription_id: record.subscriptionId,
  request: JSON.stringify(record.request),
  result: resultJson ?? JSON.stringify(record.result),
  rules_version: record.rulesVersion,
  client_version: record.clientVersion,
  created_at: record.createdAt,
});

export class CalculationStore {
  /** SQLite only: commits audit records from a worker thread (see SqliteAuditWriter). */
  private readonly offThread: SqliteAuditWriter | undefined;

  // One audit record per Calculate call is the service's hot write: group commit.
  private readonly writer = new GroupCommit<ReturnType<typeof toRow>>(async (rows) => {
    if (this.offThread?.usable) {
      await this.offThread.insert(rows);
      return;
    }
    await this.db
      .insertInto("calculations")
      .values([...rows])
      .execute();
  });

  /** `sqliteFile`: the database file when the dialect is SQLite, for the off-thread writer. */
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    sqliteFile?: string,
  ) {
    this.offThread = sqliteFile
      ? new SqliteAuditWriter(sqliteFile, "calculations", [
          "id",
          "owner_id",
          "subscription_id",
          "request",
          "result",
          "rules_version",
          "client_version",
          "created_at",
        ])
      : undefined;
  }

  /**
   * Saves the record; resolves once it is committed (with others of the same few milliseconds).
   * `resultJson`: the result exactly as it was sent, when the caller has serialised it already.
   */
  insert(record: CalculationRecord, resultJson?: string): Promise<void> {
    return this.writer.add(toRow(record, resultJson));
  }

  /** Waits for records still being written (before the database closes). */
  async drain(): Promise<void> {
    await this.writer.drain();
    await this.offThread?.close();
  }

  /** The record, only to its own account (another account's id is unknown). */
  async get(ownerId: string, id: string): Promise<CalculationRecord | undefined> {
    const row = await this.db
      .selectFrom("calculations")
      .selectAll()
      .where("id", "=", id.toLowerCase())
      .where("owner_id", "=", ownerId)
      .executeTakeFirst();
    return row && toRecord(row);
  }
}
