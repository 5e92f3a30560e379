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
import { isMainThread, parentPort, receiveMessageOnPort, Worker, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import { encodeAudit } from "../audit-record-codec";
import type { ExecuteMessage, RowMessage, Settled, WriterThreadData } from "./audit-writer-messages";

if (isMainThread || !parentPort) throw new Error("audit-writer-thread runs only as a worker thread");
const port = parentPort;
const data = workerData as WriterThreadData;

const db = new Database(data.file);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = FULL");
db.pragma("busy_timeout = 5000");

// Checkpoints off the commit path. SQLite's automatic checkpoint (every 1,000 pages of WAL, about
// 290 uncompressed audit records) ran inside the commit that crossed it, and that commit (with
// every caller waiting on it) took 8 to 26 ms instead of 3 to 4. A checkpointer thread with its own
// connection copies the WAL into the database every `checkpointMs` while commits come (PASSIVE: it
// never blocks this writer); the writer's own automatic checkpoint stays as a backstop at 10,000
// pages, should the checkpointer fall behind or die.
db.pragma("wal_autocheckpoint = 10000");
let checkpointer: Worker | undefined;
let checkpointing = false;
/** A commit while the checkpointer ran: ask again once it says it is idle. */
let committedSince = false;
const backstop = () => {
  checkpointer = undefined;
  db.pragma("wal_autocheckpoint = 1000");
};
try {
  const started = new Worker(new URL(data.checkpointerUrl), {
    workerData: { file: data.file, pauseMs: data.checkpointMs },
  });
  started.unref();
  started.on("message", () => {
    checkpointing = false;
    if (committedSince) askCheckpoint();
  });
  started.on("error", backstop);
  started.on("exit", backstop);
  checkpointer = started;
} catch {
  backstop();
}

function askCheckpoint(): void {
  if (checkpointer === undefined) return;
  if (checkpointing) {
    committedSince = true;
    return;
  }
  checkpointing = true;
  committedSince = false;
  checkpointer.postMessage(0);
}

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
  askCheckpoint();
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
