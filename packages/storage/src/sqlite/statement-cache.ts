import type SqliteDatabase from "better-sqlite3";
import { countWrite } from "./data-version";

const SELECT = /^\s*select\b/i;

/**
 * better-sqlite3 with its prepared statements reused: Kysely's SQLite driver prepares every query
 * afresh, which costs more than running it. Queries are built from a fixed set of shapes, so the
 * cache stays small; it is bounded all the same.
 */
export function withStatementCache(database: SqliteDatabase.Database, limit = 500): SqliteDatabase.Database {
  const statements = new Map<string, SqliteDatabase.Statement>();
  const prepare = (text: string) => {
    // Kysely opens transactions with a deferred "begin": a transaction that reads and then writes
    // fails at once ("database is locked") when another connection (the audit writer thread, the
    // CLI) committed in between. "begin immediate" takes the write lock first, waiting for it
    // under busy_timeout, so such transactions never fail on a concurrent commit.
    const sql = text === "begin" ? "begin immediate" : text;
    // Anything but a select may write: the change counters read data_version again (data-version.ts).
    if (!SELECT.test(sql)) countWrite();
    let statement = statements.get(sql);
    if (!statement) {
      statement = database.prepare(sql);
      if (statements.size >= limit) statements.clear();
      statements.set(sql, statement);
    }
    return statement;
  };
  return new Proxy(database, {
    get(target, property, receiver) {
      if (property === "prepare") return prepare;
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
