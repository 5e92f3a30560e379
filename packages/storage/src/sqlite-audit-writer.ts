import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * Runs in a worker thread with its own better-sqlite3 connection to the same file. Plain
 * JavaScript (an eval'd CommonJS worker) so that it runs alike from the sources under vitest and
 * from the bundle; the driver's path comes from the parent so both resolve the same copy.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = FULL");
db.pragma("busy_timeout = 5000");
const insert = db.prepare(workerData.sql);
const insertAll = db.transaction((rows) => { for (const row of rows) insert.run(row); });
parentPort.on("message", ({ id, rows }) => {
  try {
    insertAll(rows);
    parentPort.postMessage({ id, ok: true });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, message: String((error && error.message) || error) });
  }
});
`;

type Row = Readonly<Record<string, string | number | null>>;

/**
 * Inserts rows of one table from a worker thread, one transaction per call. better-sqlite3 is
 * synchronous: on the event loop, each group commit (insert + fsync, synchronous=FULL) stalled
 * every request in flight for a few milliseconds, about 15% of the service's time under load. Off
 * the loop, requests keep being served while a batch commits; each caller is still answered only
 * after its transaction is on disk. The worker starts on first use, so the CLI never pays for it.
 */
export class SqliteAuditWriter {
  private worker: Worker | undefined;
  private broken: Error | undefined;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
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

  insert(rows: readonly Row[]): Promise<void> {
    const worker = this.start();
    const id = this.nextId++;
    // Referenced while a batch is in flight, so a script awaiting its insert does not exit early.
    if (this.waiting.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({
        id,
        rows: rows.map((row) => Object.fromEntries(this.columns.map((c) => [c, row[c] ?? null]))),
      });
    });
  }

  /** Stops the worker; call after every insert was answered (the group commit's drain). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        file: this.file,
        sql: this.sql,
        driver: createRequire(import.meta.url).resolve("better-sqlite3"),
      },
    });
    worker.on("message", (message: { id: number; ok: boolean; message?: string }) => {
      const waiter = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (this.waiting.size === 0) worker.unref();
      if (message.ok) waiter?.resolve();
      else waiter?.reject(new Error(message.message));
    });
    const fail = (error: Error) => {
      this.broken = error;
      this.worker = undefined;
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
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
