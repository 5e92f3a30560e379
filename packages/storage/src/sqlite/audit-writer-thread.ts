/**
 * The audit writer's thread (started by SqliteAuditWriter, audit-writer.ts), with its own
 * better-sqlite3 connection to the database file.
 *
 * The group commit happens here: each message holds the rows of one turn of the parent's event
 * loop; the thread takes every other message already queued (receiveMessageOnPort, up to
 * `maxBatch` rows) and commits all their rows in one transaction, so a row waits at most for the
 * commit under way and its own. If that transaction fails, each row is retried in its own, so one
 * bad row fails only its own caller. Other writes of the server (`execute`: the usage counts, QR
 * bookkeeping) run here too, each in its own transaction between two batches. Rows of an audit
 * table are compressed here (`encode`), off the event loop.
 */
import { isMainThread, parentPort, receiveMessageOnPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import { encodeAudit } from "../fast-path/audit-record-codec";
import type { ExecuteMessage, RowMessage, Settled, WriterThreadData } from "./audit-writer-messages";

if (isMainThread || !parentPort) throw new Error("audit-writer-thread runs only as a worker thread");
const port = parentPort;
const data = workerData as WriterThreadData;

const db = new Database(data.file);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = FULL");
db.pragma("busy_timeout = 5000");

// Checkpoints stay SQLite's own: every 1,000 pages of WAL, inside the commit that crosses them. A
// checkpointer thread of its own (PASSIVE every 20 ms, the writer's at 10,000 pages) earned 1.17× on
// Calculate when a record was 14 KB; with compressed records of about 0.7 KB it earned nothing
// (0.997× req/s, p99 0.83× without it: bench/README.md, fast paths) and was removed.

type Values = Record<string, string | number | Uint8Array | null>;

/** The statement's parameters of a posted row: its columns, the audit texts compressed first. */
function valuesOf(row: RowMessage["row"]): Values {
  const source: Record<string, unknown> = data.encodeAudit
    ? { ...row, ...encodeAudit(String(row.request ?? ""), String(row.result ?? "")) }
    : row;
  const values: Values = {};
  for (const column of data.columns) values[column] = (source[column] ?? null) as Values[string];
  return values;
}

const insert = db.prepare(data.sql);
const insertAll = db.transaction((rows: readonly RowMessage[]) => {
  for (const { row } of rows) insert.run(valuesOf(row));
});
const insertOne = db.transaction((row: RowMessage["row"]) => {
  insert.run(valuesOf(row));
});

const statements = new Map<string, Database.Statement>();
function prepared(sql: string): Database.Statement {
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size >= 100) statements.clear();
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}
const executeAll = db.transaction((list: ExecuteMessage["statements"]) => {
  for (const s of list) prepared(s.sql).run(...s.parameters);
});

const messageOf = (error: unknown) => String((error as Error | undefined)?.message ?? error);

function commitRows(rows: readonly RowMessage[]): void {
  try {
    insertAll(rows);
    port.postMessage({ ok: rows.map((r) => r.id) } satisfies Settled);
  } catch {
    const ok: number[] = [];
    const failed: { id: number; message: string }[] = [];
    for (const row of rows) {
      try {
        insertOne(row.row);
        ok.push(row.id);
      } catch (error) {
        failed.push({ id: row.id, message: messageOf(error) });
      }
    }
    port.postMessage({ ok, failed } satisfies Settled);
  }
}

function execute({ id, statements: list }: ExecuteMessage): void {
  try {
    executeAll(list);
    port.postMessage({ ok: [id] } satisfies Settled);
  } catch (error) {
    port.postMessage({ ok: [], failed: [{ id, message: messageOf(error) }] } satisfies Settled);
  }
}

port.on("message", (first: RowMessage[] | ExecuteMessage) => {
  const queue = [first];
  while (queue.length > 0) {
    const message = queue.shift() as RowMessage[] | ExecuteMessage;
    if (!Array.isArray(message)) {
      execute(message);
      continue;
    }
    const rows = message.slice();
    while (rows.length < data.maxBatch) {
      const next = receiveMessageOnPort(port);
      if (!next) break;
      const more = next.message as RowMessage[] | ExecuteMessage;
      if (!Array.isArray(more)) {
        queue.push(more);
        break;
      }
      rows.push(...more);
    }
    commitRows(rows);
  }
});
