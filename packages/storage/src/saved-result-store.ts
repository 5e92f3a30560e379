import type { Kysely, Selectable } from "kysely";
import type { DatabaseSchema, SavedResultTable } from "./database-schema";
import { type ListPage, type ListRequest, pageOf, pageQuery, referencedCarIds } from "./record-list";

/**
 * The audit record of a saved projection or comparison (issue 22): what was asked, what was
 * answered (the very JSON that was sent), under which rules version, by which subscription.
 */
export interface SavedResultRecord {
  /** The projectionId or comparisonId (a lower-case UUID). */
  readonly id: string;
  readonly ownerId: string;
  readonly subscriptionId: string;
  /** The request body as received (parsed JSON). */
  readonly request: unknown;
  /** The answer that was sent (parsed JSON). */
  readonly result: unknown;
  readonly rulesVersion: string;
  /** The version of @cartax/engine that computed the answer; absent in records saved before issue 39. */
  readonly engineVersion?: string | null;
  /** The request's `version` field (client version tag, stored for auditing only). */
  readonly clientVersion: string | null;
  readonly createdAt: string;
}

/** The tables of saved results. */
export type SavedResultKind = "projections" | "comparisons";

const toRecord = (row: Selectable<SavedResultTable>): SavedResultRecord => ({
  id: row.id,
  ownerId: row.owner_id,
  subscriptionId: row.subscription_id,
  request: JSON.parse(row.request),
  result: JSON.parse(row.result),
  rulesVersion: row.rules_version,
  // Absent, not null, where it was not recorded: such a record reads as it was saved.
  ...(row.engine_version != null ? { engineVersion: row.engine_version } : {}),
  clientVersion: row.client_version,
  createdAt: row.created_at,
});

/**
 * Saved projections or comparisons. Written once per request (not the hot path of Calculate, so
 * a plain insert, committed before the answer is sent) and read back by their own account.
 */
export class SavedResultStore {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly table: SavedResultKind,
  ) {}

  /** Saves the record; `resultJson`: the answer exactly as it is sent, when already serialised. */
  async insert(record: SavedResultRecord, resultJson?: string): Promise<void> {
    await this.db
      .insertInto(this.table)
      .values({
        id: record.id.toLowerCase(),
        owner_id: record.ownerId,
        subscription_id: record.subscriptionId,
        request: JSON.stringify(record.request),
        result: resultJson ?? JSON.stringify(record.result),
        rules_version: record.rulesVersion,
        engine_version: record.engineVersion ?? null,
        client_version: record.clientVersion,
        created_at: record.createdAt,
        car_detail_ids: referencedCarIds(record.request),
      })
      .execute();
  }

  /** A page of the account's records, newest first; only those on the page are parsed. */
  async list(request: ListRequest): Promise<ListPage<SavedResultRecord>> {
    const rows = await pageQuery(this.db.selectFrom(this.table).selectAll(), request).execute();
    return pageOf(rows, request.limit, toRecord);
  }

  /** The record, only to its own account (another account's id is unknown). */
  async get(ownerId: string, id: string): Promise<SavedResultRecord | undefined> {
    const row = await this.db
      .selectFrom(this.table)
      .selectAll()
      .where("id", "=", id.toLowerCase())
      .where("owner_id", "=", ownerId)
      .executeTakeFirst();
    return row && toRecord(row);
  }
}
