import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";

/** Tables of the service; filled in by the storage issue. */
// biome-ignore lint/complexity/noBannedTypes: no tables yet
export type DatabaseSchema = {};

/** Opens (and creates when missing) the embedded SQLite database under `dataDir`. */
export function openSqlite(dataDir: string): Kysely<DatabaseSchema> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = new SqliteDatabase(path.join(dataDir, "cartax.sqlite"));
  // WAL lets readers proceed while one request writes.
  file.pragma("journal_mode = WAL");
  return new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: file }) });
}
