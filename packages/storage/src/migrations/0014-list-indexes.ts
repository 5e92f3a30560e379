import type { Kysely, Migration } from "kysely";
import { decodeAudit } from "../fast-path/audit-record-codec";
import { referencedCarIds } from "../record-list";

/** The tables listed by account, newest first (GET /v1/CarDetails, /v1/Calculations, …). */
const LISTED = ["car_details", "calculation_records", "calculations", "projections", "comparisons"] as const;

/** The tables of records that may name stored cars (the lists' carDetailId filter). */
const NAMING_CARS = ["calculation_records", "calculations", "projections", "comparisons"] as const;

const BATCH = 500;

/**
 * The lists of issue 41: an index on (owner_id, created_at, id) per listed table, so that a page
 * is one index range in the account, newest first; and `car_detail_ids` on the records, the stored
 * cars each names (` id1 id2 `; null when none), filled here for the records made before (their
 * requests read back, the compressed ones inflated, BATCH rows at a time).
 */
export const listIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of LISTED) {
      await db.schema
        .createIndex(`${table}_owner_created_idx`)
        .on(table)
        .columns(["owner_id", "created_at", "id"])
        .execute();
    }
    for (const table of NAMING_CARS) {
      await db.schema.alterTable(table).addColumn("car_detail_ids", "text").execute();
      await fillCarIds(db as Kysely<Record<string, Record<string, unknown>>>, table);
    }
  },
  async down(db: Kysely<unknown>) {
    for (const table of NAMING_CARS) await db.schema.alterTable(table).dropColumn("car_detail_ids").execute();
    for (const table of LISTED) await db.schema.dropIndex(`${table}_owner_created_idx`).execute();
  },
};

/** The request text of a row of `table` as stored. */
function requestText(table: string, row: Record<string, unknown>): string {
  if (table !== "calculation_records") return String(row.request);
  return decodeAudit(row as { encoding: number; request_bytes: number; body: Uint8Array }).request;
}

async function fillCarIds(db: Kysely<Record<string, Record<string, unknown>>>, table: string): Promise<void> {
  const columns =
    table === "calculation_records" ? ["id", "encoding", "request_bytes", "body"] : ["id", "request"];
  let last = "";
  for (;;) {
    const rows = await db
      .selectFrom(table)
      .select(columns)
      .where("id", ">", last)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      let ids: string | null = null;
      try {
        ids = referencedCarIds(JSON.parse(requestText(table, row).replace(/^\uFEFF/, "")));
      } catch {
        // A request that is not JSON names no car.
      }
      if (ids) await db.updateTable(table).set({ car_detail_ids: ids }).where("id", "=", row.id).execute();
    }
    if (rows.length < BATCH) return;
    last = String(rows.at(-1)?.id);
  }
}
