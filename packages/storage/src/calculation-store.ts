import type { Kysely, Selectable } from "kysely";
import type { CalculationRecordTable, CalculationTable, DatabaseSchema } from "./database-schema";
import { decodeAudit, encodeAudit } from "./fast-path/audit-record-codec";
import { AuditWriter } from "./fast-path/audit-writer";
import type { WriterDatabase } from "./fast-path/audit-writer-messages";
import { GroupCommit } from "./fast-path/group-commit";
import {
  type ListPage,
  type ListRequest,
  newestFirst,
  pageOf,
  pageQuery,
  referencedCarIds,
} from "./record-list";

/** The audit record of one Calculate call: "what did we say, under which rules?" */
export interface CalculationRecord {
  readonly id: string;
  readonly ownerId: string;
  readonly subscriptionId: string;
  /** The request body as received (JSON text). */
  readonly request: string;
  /** The CalculationResult exactly as it was sent (JSON text). */
  readonly result: string;
  readonly rulesVersion: string;
  /** The version of @cartax/engine that computed it; null for records made before issue 29. */
  readonly engineVersion: string | null;
  /** The request's `version` field (client version tag, stored for auditing only). */
  readonly clientVersion: string | null;
  readonly createdAt: string;
  /**
   * `compressed`: written since issue 29 (table calculation_records); `plain`: an older record
   * (table calculations), whose texts are JSON.stringify of what was received and answered.
   */
  readonly storedAs: "compressed" | "plain";
}

/** A record to save. */
export type CalculationRecordToSave = Omit<CalculationRecord, "storedAs" | "engineVersion"> & {
  readonly engineVersion: string;
  /** The stored car the request names (its carDetailId without an inline carDetail); lists filter on it. */
  readonly carDetailId?: string | null;
};

/** The columns of calculation_records, in the writer's order. */
const COLUMNS = [
  "id",
  "owner_id",
  "subscription_id",
  "rules_version",
  "engine_version",
  "client_version",
  "created_at",
  "encoding",
  "request_bytes",
  "body",
  "car_detail_ids",
] as const;

/** The row as handed to a writer: the texts still uncompressed. */
const toRow = (record: CalculationRecordToSave) => ({
  id: record.id,
  owner_id: record.ownerId,
  subscription_id: record.subscriptionId,
  rules_version: record.rulesVersion,
  engine_version: record.engineVersion,
  client_version: record.clientVersion,
  created_at: record.createdAt,
  car_detail_ids: referencedCarIds({ carDetailId: record.carDetailId }),
  request: record.request,
  result: record.result,
});

/** A compressed record read back (its texts inflated). */
function compressedRecord(row: Selectable<CalculationRecordTable>): CalculationRecord {
  const { request, result } = decodeAudit(row);
  return {
    id: row.id,
    ownerId: row.owner_id,
    subscriptionId: row.subscription_id,
    request,
    result,
    rulesVersion: row.rules_version,
    engineVersion: row.engine_version,
    clientVersion: row.client_version,
    createdAt: row.created_at,
    storedAs: "compressed",
  };
}

/** A record of before the compressed audit read back. */
const plainRecord = (plain: Selectable<CalculationTable>): CalculationRecord => ({
  id: plain.id,
  ownerId: plain.owner_id,
  subscriptionId: plain.subscription_id,
  request: plain.request,
  result: plain.result,
  rulesVersion: plain.rules_version,
  engineVersion: null,
  clientVersion: plain.client_version,
  createdAt: plain.created_at,
  storedAs: "plain",
});

/**
 * The writer thread of the audit records: SQLite's (of the database file; it also runs the other
 * writes: `execute`) or PostgreSQL's (its own connection to the URL).
 */
export const calculationWriter = (database: WriterDatabase, connection: string): AuditWriter =>
  new AuditWriter(database, connection, {
    table: "calculation_records",
    columns: COLUMNS,
    encodeAudit: true,
  });

export class CalculationStore {
  // Once the worker thread died: compressed on the event loop (about 50 µs a record), then group
  // commit on the main connection. On libuv's thread pool each record cost about 570 µs of the
  // pool's CPU beside 60 µs on the loop, and Calculate ran at 0.60× the req/s (bench/README.md,
  // PostgreSQL).
  private readonly writer = new GroupCommit<ReturnType<typeof toRow>>(async (rows) => {
    const encoded = rows.map(({ request, result, ...columns }) => ({
      ...columns,
      ...encodeAudit(request, result),
    }));
    await this.db.insertInto("calculation_records").values(encoded).execute();
  });

  /** `offThread`: the database's writer thread (calculationWriter), which compresses and commits. */
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly offThread: AuditWriter,
  ) {}

  /** Saves the record, compressed; resolves once it is committed (with others of the same few milliseconds). */
  async insert(record: CalculationRecordToSave): Promise<void> {
    const row = toRow(record);
    if (this.offThread.usable) {
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
    await this.offThread.drain();
    await this.writer.drain();
    await this.offThread.close();
  }

  /** The record, only to its own account (another account's id is unknown). */
  async get(ownerId: string, id: string): Promise<CalculationRecord | undefined> {
    const key = id.toLowerCase();
    const row = await this.db
      .selectFrom("calculation_records")
      .selectAll()
      .where("id", "=", key)
      .where("owner_id", "=", ownerId)
      .executeTakeFirst();
    if (row) return compressedRecord(row);
    const plain = await this.db
      .selectFrom("calculations")
      .selectAll()
      .where("id", "=", key)
      .where("owner_id", "=", ownerId)
      .executeTakeFirst();
    return plain && plainRecord(plain);
  }

  /**
   * A page of the account's records, newest first, the older plain ones with them; only the
   * records on the page are inflated.
   */
  async list(request: ListRequest): Promise<ListPage<CalculationRecord>> {
    const [compressed, plain] = await Promise.all([
      pageQuery(this.db.selectFrom("calculation_records").selectAll(), request).execute(),
      pageQuery(this.db.selectFrom("calculations").selectAll(), request).execute(),
    ]);
    const rows = [
      ...compressed.map((row) => ({ ...row, plain: false as const })),
      ...plain.map((row) => ({ ...row, plain: true as const })),
    ].sort(newestFirst);
    return pageOf(rows, request.limit, (row) =>
      row.plain
        ? plainRecord(row as Selectable<CalculationTable>)
        : compressedRecord(row as Selectable<CalculationRecordTable>),
    );
  }
}
