/**
 * PostgreSQL's writer thread (started by AuditWriter, fast-path/audit-writer.ts), with a connection
 * of its own (a pool of one, so a connection the server drops is replaced on next use).
 *
 * On the event loop, each audit record was compressed there (about 70 µs) and its insert spoken
 * over the protocol, and the loop was Calculate's bottleneck on PostgreSQL (bench/README.md). Here
 * rows come a few at a time while the parent's turn goes on and are made ready as they come (an
 * audit table's texts compressed: rowValues); once a message says the turn ended, or once
 * `commitEarly` rows are ready, the ready rows are inserted by one statement (its own transaction),
 * and rows that come while it runs wait for the next: a group commit, as SQLite's thread does. If that statement fails, each row is retried in its
 * own, so one bad row fails only its own caller. The other writes of the server stay on the
 * service's pool (PostgreSQL has no single write lock for them to wait on).
 */
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import pg from "pg";
import type { Settled, WriterMessage, WriterThreadData } from "../fast-path/audit-writer-messages";
import { insertStatement, messageOf, type Ready, ReadyRows } from "../fast-path/audit-writer-rows";

if (isMainThread || !parentPort) throw new Error("audit-writer-thread runs only as a worker thread");
const port = parentPort;
const data = workerData as WriterThreadData;

// Named, so that an operator counting an instance's connections sees what this one is for.
const pool = new pg.Pool({
  connectionString: data.connection,
  max: 1,
  application_name: "cartax-audit-writer",
});
// A connection the server closes is dropped from the pool and replaced on next use; without a
// listener it would end the thread.
pool.on("error", () => {});

/** The insert of `n` rows: `($1, …, $k), ($k+1, …)`, written once per batch size. */
const inserts = new Map<number, string>();
function insertOf(n: number): string {
  let sql = inserts.get(n);
  if (!sql) {
    const width = data.columns.length;
    const rows = Array.from(
      { length: n },
      (_, row) => `(${data.columns.map((_, column) => `$${row * width + column + 1}`).join(", ")})`,
    );
    sql = insertStatement(data, rows.join(", "));
    inserts.set(n, sql);
  }
  return sql;
}

/** Rows compressed as they came, waiting for the end of their turn (or a full batch) to commit. */
const ready = new ReadyRows(data);
/** A turn whose rows are all ready has ended since the last commit. */
let turnEnded = false;
let committing = false;
/** The id of the parent's close message, once it came. */
let closing: number | undefined;

async function insertRows(rows: readonly Ready[]): Promise<void> {
  await pool.query(
    insertOf(rows.length),
    rows.flatMap((row) => row.values),
  );
}

/** Commits the ready rows of ended turns, batch after batch, while rows keep coming. */
async function commitTurns(): Promise<void> {
  if (committing) return;
  committing = true;
  // The rows of an ended turn, or enough ready rows (commitEarly) without waiting for the end.
  while ((turnEnded || ready.size >= data.commitEarly) && !ready.empty) {
    const { rows, failed } = ready.take(data.maxBatch);
    if (ready.size === 0) turnEnded = false;
    try {
      if (rows.length > 0) await insertRows(rows);
      port.postMessage({ ok: rows.map((row) => row.id), failed } satisfies Settled);
    } catch {
      const ok: number[] = [];
      for (const row of rows) {
        try {
          await insertRows([row]);
          ok.push(row.id);
        } catch (error) {
          failed.push({ id: row.id, message: messageOf(error) });
        }
      }
      port.postMessage({ ok, failed } satisfies Settled);
    }
  }
  committing = false;
  if (closing !== undefined) {
    await pool.end().catch(() => undefined);
    port.postMessage({ ok: [closing] } satisfies Settled);
  }
}

port.on("message", (message: WriterMessage) => {
  if ("statements" in message) {
    const failed = [{ id: message.id, message: "statements run on SQLite's writer thread only" }];
    port.postMessage({ ok: [], failed } satisfies Settled);
    return;
  }
  if ("close" in message) {
    closing = message.id;
    turnEnded = true;
  } else {
    ready.add(message.rows);
    if (message.end) turnEnded = true;
  }
  void commitTurns();
});
