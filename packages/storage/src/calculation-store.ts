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

/** A record to save: its result as an object, or left out when the caller gives its JSON text. */
export type CalculationRecordToSave = Omit<CalculationRecord, "result"> & { readonly result?: unknown };

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

const toRow = (record: CalculationRecordToSave, resultJson?: string) => ({
  id: record.id,
  owner_id: record.ownerId,
  subscription_id: record.subscriptionId,
  request: JSON.stringify(record.request),
  result: resultJson ?? JSON.stringify(record.result),
  rules_version: record.rulesVersion,
  client_version: record.clientVersion,
  created_at: record.createdAt,
});

/** SQLite's writer thread for the audit records of the database file (and other writes: `execute`). */
export const calculationWriter = (sqliteFile: string): SqliteAuditWriter =>
  new SqliteAuditWriter(sqliteFile, "calculations", [
    "id",
    "owner_id",
    "subscription_id",
    "request",
    "result",
    "rules_version",
    "client_version",
    "created_at",
  ]);

export class CalculationStore {
  /** SQLite only: commits audit records from a worker thread, by group commit (SqliteAuditWriter). */
  private readonly offThread: SqliteAuditWriter | undefined;

  // PostgreSQL, or SQLite once the worker thread died: group commit on the main connection.
  private readonly writer = new GroupCommit<ReturnType<typeof toRow>>(async (rows) => {
    await this.db
      .insertInto("calculations")
      .values([...rows])
      .execute();
  });

  /** `offThread`: SQLite's writer thread (calculationWriter), absent on PostgreSQL. */
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    offThread?: SqliteAuditWriter,
  ) {
    this.offThread = offThread;
  }

  /**
   * Saves the record; resolves once it is committed (with others of the same few milliseconds).
   * `resultJson`: the result exactly as it was sent, when the caller has serialised it already
   * (then the record needs no `result` object).
   */
  async insert(record: CalculationRecordToSave, resultJson?: string): Promise<void> {
    const row = toRow(record, resultJson);
    if (this.offThread?.usable) {
      try {
        await this.offThread.insert(row);
        return;
      } catch (error) {
        // A row the database refused fails; one lost with a dying worker is written here instead.
        if (this.offThread.usable) throw error;
      }
    }
    await this.writer.add(row);
  }

  /** Waits for records still being written (before the database closes). */
  async drain(): Promise<void> {
    await this.offThread?.drain();
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
