/**
 * SQLite's writer thread (started by AuditWriter, fast-path/audit-writer.ts), with its own
 * better-sqlite3 connection to the database file.
 *
 * The group commit happens here: rows come a few at a time while the parent's turn of the event
 * loop goes on and are made ready as they come (an audit table's texts compressed: rowValues); once
 * a message says the turn ended, the thread takes every other message already queued
 * (receiveMessageOnPort, up to `maxBatch` rows) and commits all the ready rows in one transaction,
 * so a row waits at most for the commit under way and its own; with nothing queued and
 * `commitEarly` rows ready, it commits them without waiting for the turn's end. If that transaction fails, each row
 * is retried in its own, so one bad row fails only its own caller. Other writes of the server
 * (`execute`: the usage counts, QR bookkeeping) run here too, each in its own transaction between
 * two batches.
 */
import { isMainThread, parentPort, receiveMessageOnPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import type {
  ExecuteMessage,
  Settled,
  WriterMessage,
  WriterThreadData,
} from "../fast-path/audit-writer-messages";
import {
  insertStatement,
  messageOf,
  type Ready,
  ReadyRows,
  type RowValues,
} from "../fast-path/audit-writer-rows";

if (isMainThread || !parentPort) throw new Error("audit-writer-thread runs only as a worker thread");
const port = parentPort;
const data = workerData as WriterThreadData;

const db = new Database(data.connection);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = FULL");
db.pragma("busy_timeout = 5000");

// Checkpoints stay SQLite's own: every 1,000 pages of WAL, inside the commit that crosses them. A
// checkpointer thread of its own (PASSIVE every 20 ms, the writer's at 10,000 pages) earned 1.17× on
// Calculate when a record was 14 KB; with compressed records of about 0.7 KB it earned nothing
// (0.997× req/s, p99 0.83× without it: bench/README.md, fast paths) and was removed.

const insert = db.prepare(insertStatement(data, `(${data.columns.map(() => "?").join(", ")})`));
const insertAll = db.transaction((rows: readonly Ready[]) => {
  for (const { values } of rows) insert.run(values);
});
const insertOne = db.transaction((values: RowValues) => {
  insert.run(values);
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

/** Rows compressed as they came, waiting for the end of their turn (or a full batch) to commit. */
const ready = new ReadyRows(data);

/** Commits every ready row, `maxBatch` at a time (none is left waiting for a message to come). */
function commitReady(): void {
  while (!ready.empty) commitBatch();
}

function commitBatch(): void {
  const { rows, failed } = ready.take(data.maxBatch);
  try {
    insertAll(rows);
    port.postMessage({ ok: rows.map((r) => r.id), failed } satisfies Settled);
  } catch {
    const ok: number[] = [];
    for (const row of rows) {
      try {
        insertOne(row.values);
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

const next = () => receiveMessageOnPort(port)?.message as WriterMessage | undefined;

/*
 * Rows are compressed as their messages come, while the parent's turn goes on; they are committed
 * once a message says their turn ended (with whatever else queued meanwhile, up to maxBatch), once
 * `commitEarly` are ready with nothing queued, and before statements of `execute`, which run after
 * the rows posted before them.
 */
port.on("message", (first: WriterMessage) => {
  let message: WriterMessage | undefined = first;
  while (message) {
    if ("statements" in message) {
      commitReady();
      execute(message);
    } else if ("close" in message) {
      commitReady();
      db.close();
      port.postMessage({ ok: [message.id] } satisfies Settled);
      return;
    } else {
      ready.add(message.rows);
      if (message.end || ready.size >= data.maxBatch) {
        // Whatever queued while this thread worked goes into the same transaction.
        let more = next();
        while (more && "rows" in more && ready.size < data.maxBatch) {
          ready.add(more.rows);
          more = next();
        }
        commitReady();
        message = more;
        continue;
      }
    }
    message = next();
    // Nothing else to do: enough ready rows are committed without waiting for their turn's end.
    if (!message && ready.size >= data.commitEarly) commitReady();
  }
});
