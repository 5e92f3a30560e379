import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * Runs in a worker thread with its own better-sqlite3 connection to the same file. Plain
 * JavaScript (an eval'd CommonJS worker) so that it runs alike from the sources under vitest and
 * from the bundle; the driver's path comes from the parent so both resolve the same copy.
 *
 * The group commit happens here: each message holds the rows of one turn of the parent's event
 * loop; the worker takes every other message already queued (receiveMessageOnPort, up to
 * MAX_BATCH rows) and commits all their rows in one transaction, so a row waits at most for the
 * commit under way and its own. If that transaction fails, each row is retried in its own, so one
 * bad row fails only its own caller. Other writes of the server (`execute`: the usage counts) run
 * here too, each in its own transaction between two batches.
 */
const WORKER_SOURCE = `
const { parentPort, workerData, receiveMessageOnPort, Worker } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = FULL");
db.pragma("busy_timeout = 5000");
// Checkpoints off the commit path. SQLite's automatic checkpoint (every 1,000 pages of WAL, about
// 290 audit records) ran inside the commit that crossed it, and that commit (with every caller
// waiting on it) took 8 to 26 ms instead of 3 to 4. A checkpointer thread with its own connection
// copies the WAL into the database every CHECKPOINT_MS while commits come (PASSIVE: it never
// blocks this writer); the writer's own automatic checkpoint stays as a backstop at 10,000 pages,
// should the checkpointer fall behind or die.
db.pragma("wal_autocheckpoint = 10000");
let checkpointer;
let checkpointing = false;
let committedSince = false; // a commit while the checkpointer ran: ask again once it says it is idle
try {
  checkpointer = new Worker(workerData.checkpointerSource, {
    eval: true,
    workerData: { driver: workerData.driver, file: workerData.file, pauseMs: workerData.checkpointMs },
  });
  checkpointer.unref();
  checkpointer.on("message", () => {
    checkpointing = false;
    if (committedSince) askCheckpoint();
  });
  const stop = () => { checkpointer = undefined; db.pragma("wal_autocheckpoint = 1000"); };
  checkpointer.on("error", stop);
  checkpointer.on("exit", stop);
} catch {
  db.pragma("wal_autocheckpoint = 1000");
}
function askCheckpoint() {
  if (checkpointer === undefined) return;
  if (checkpointing) {
    committedSince = true;
    return;
  }
  checkpointing = true;
  committedSince = false;
  checkpointer.postMessage(0);
}
const insert = db.prepare(workerData.sql);
const insertAll = db.transaction((rows) => { for (const row of rows) insert.run(row.row); });
const insertOne = db.transaction((row) => { insert.run(row.row); });
const statements = new Map();
const prepared = (sql) => {
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size >= 100) statements.clear();
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
};
const executeAll = db.transaction((list) => { for (const s of list) prepared(s.sql).run(...s.parameters); });
const commitRows = (rows) => {
  try {
    insertAll(rows);
    parentPort.postMessage({ ok: rows.map((r) => r.id) });
    askCheckpoint();
  } catch {
    const ok = [];
    const failed = [];
    for (const row of rows) {
      try {
        insertOne(row);
        ok.push(row.id);
      } catch (error) {
        failed.push({ id: row.id, message: String((error && error.message) || error) });
      }
    }
    parentPort.postMessage({ ok, failed });
    askCheckpoint();
  }
};
const execute = ({ id, statements: list }) => {
  try {
    executeAll(list);
    parentPort.postMessage({ ok: [id] });
  } catch (error) {
    parentPort.postMessage({ ok: [], failed: [{ id, message: String((error && error.message) || error) }] });
  }
};
parentPort.on("message", (first) => {
  const queue = [first];
  while (queue.length > 0) {
    const message = queue.shift();
    if (!Array.isArray(message)) {
      execute(message);
      continue;
    }
    const rows = message.slice();
    for (let next; rows.length < workerData.maxBatch && (next = receiveMessageOnPort(parentPort)); ) {
      if (Array.isArray(next.message)) rows.push(...next.message);
      else {
        queue.push(next.message);
        break;
      }
    }
    commitRows(rows);
  }
});
`;

/**
 * The checkpointer thread of the writer (started by it). Asked after a commit, it runs a PASSIVE
 * checkpoint of the WAL into the database every `pauseMs` until one finds no new frame, then says
 * it is idle (the writer asks again at its next commit): a steady pace while the service writes,
 * no wake-ups while it is idle.
 */
const CHECKPOINTER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma("synchronous = FULL");
db.pragma("busy_timeout = 5000");
let timer;
let lastFrames = -1;
const checkpoint = () => {
  let frames = -1;
  try {
    const [result] = db.pragma("wal_checkpoint(PASSIVE)");
    if (result && result.log === result.checkpointed) frames = result.log;
  } catch {}
  if (frames !== -1 && frames === lastFrames) {
    clearInterval(timer);
    timer = undefined;
    lastFrames = -1;
    parentPort.postMessage(0);
  } else lastFrames = frames;
};
parentPort.on("message", () => {
  if (timer === undefined) timer = setInterval(checkpoint, workerData.pauseMs);
});
`;

/** The least time between two checkpoints of the checkpointer thread. */
const CHECKPOINT_MS = 20;

type Row = Readonly<Record<string, string | number | null>>;

/** Rows committed in one transaction at most (a larger backlog is committed in several). */
const MAX_BATCH = 200;

interface Settled {
  readonly ok: readonly number[];
  readonly failed?: readonly { id: number; message: string }[];
}

/**
 * Inserts rows of one table from a worker thread by group commit. better-sqlite3 is synchronous:
 * on the event loop, each commit (insert + fsync, synchronous=FULL) stalled every request in
 * flight for a few milliseconds. Off the loop, requests keep being served while a batch commits;
 * each caller is still answered only after the transaction holding its row is on disk.
 *
 * The rows of one turn of the event loop are posted together right after it, without waiting for
 * the worker's answer to earlier rows: the worker batches whatever queued while it committed.
 * Waiting for one batch's answer before posting the next (as a GroupCommit on this thread did) made
 * a row wait for the previous batch's answer to reach the (busy) event loop as well:
 * under wrk the commits took 12 ms in the worker and 22 ms as the event loop saw them, and the loop
 * sat idle a third of the time with every connection waiting for an audit record. The worker starts
 * on first use, so the CLI never pays for it.
 */
export class SqliteAuditWriter {
  private worker: Worker | undefined;
  private broken: Error | undefined;
  private nextId = 0;
  private transactions = 0;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private idle: (() => void)[] = [];
  private outgoing: { id: number; row: Record<string, string | number | null> }[] = [];
  private readonly sql: string;

  constructor(
    private readonly file: string,
    table: string,
    private readonly columns: readonly string[],
  ) {
    this.sql = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) values (${columns.map((c) => `@${c}`).join(", ")})`;
  }

  /** False once the worker died: the caller then writes on the main connection instead. */
  get usable(): boolean {
    return this.broken === undefined;
  }

  /** Answers received from the worker: one per transaction that held several rows (tests). */
  get batches(): number {
    return this.transactions;
  }

  /** Resolves once the row's transaction is committed. */
  insert(row: Row): Promise<void> {
    const worker = this.start();
    const id = this.nextId++;
    // Referenced while a row is in flight, so a script awaiting its insert does not exit early.
    if (this.waiting.size === 0) worker.ref();
    const values: Record<string, string | number | null> = {};
    for (const c of this.columns) values[c] = row[c] ?? null;
    if (this.outgoing.length === 0) setImmediate(() => this.post());
    this.outgoing.push({ id, row: values });
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
  }

  /** Posts the rows of this turn of the event loop in one message. */
  private post() {
    const rows = this.outgoing;
    this.outgoing = [];
    if (this.worker) this.worker.postMessage(rows);
    else {
      for (const { id } of rows) this.settle(id, this.broken ?? new Error("the audit writer is closed"));
      this.whenEmpty(undefined);
    }
  }

  /**
   * Runs statements in one transaction of the worker's connection; resolves once it is committed.
   * On the event loop's own connection such a write waits for the write lock synchronously
   * (busy_timeout), while the worker commits batch after batch under load: the usage flush every
   * 5 s stalled every request for tens of milliseconds. Here it waits its turn off the loop.
   */
  execute(statements: readonly { sql: string; parameters: readonly unknown[] }[]): Promise<void> {
    const worker = this.start();
    const id = this.nextId++;
    if (this.waiting.size === 0) worker.ref();
    const promise = new Promise<void>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    worker.postMessage({ id, statements });
    return promise;
  }

  /** Resolves once every row posted so far was answered. */
  drain(): Promise<void> {
    if (this.waiting.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** Stops the worker; call after every insert was answered (drain). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private settle(id: number, error?: Error) {
    const waiter = this.waiting.get(id);
    this.waiting.delete(id);
    if (error) waiter?.reject(error);
    else waiter?.resolve();
  }

  private whenEmpty(worker: Worker | undefined) {
    if (this.waiting.size > 0) return;
    worker?.unref();
    const idle = this.idle;
    this.idle = [];
    for (const resolve of idle) resolve();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        file: this.file,
        sql: this.sql,
        maxBatch: MAX_BATCH,
        driver: createRequire(import.meta.url).resolve("better-sqlite3"),
        checkpointerSource: CHECKPOINTER_SOURCE,
        checkpointMs: CHECKPOINT_MS,
      },
    });
    worker.on("message", (message: Settled) => {
      this.transactions++;
      for (const id of message.ok) this.settle(id);
      for (const { id, message: text } of message.failed ?? []) this.settle(id, new Error(text));
      this.whenEmpty(worker);
    });
    const fail = (error: Error) => {
      this.broken = error;
      this.worker = undefined;
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
      this.whenEmpty(undefined);
    };
    worker.on("error", fail);
    worker.on("exit", (code) => {
      if (this.worker === worker) fail(new Error(`the audit writer thread exited with ${code}`));
    });
    // An idle writer must not keep the process alive (the CLI, tests that forget to close).
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
