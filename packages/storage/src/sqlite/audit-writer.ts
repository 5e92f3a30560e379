import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { RowMessage, Settled, WriterThreadData } from "./audit-writer-messages";

type Row = Readonly<Record<string, string | number | null>>;

/** Rows committed in one transaction at most (a larger backlog is committed in several). */
const MAX_BATCH = 200;

/**
 * A thread module of this package, from its build (`dist/sqlite/…`): resolved by the package's own
 * name, so the sources under vitest and the bundle of the service start the same compiled file.
 */
const threadModule = (name: string): URL =>
  pathToFileURL(createRequire(import.meta.url).resolve(`@cartax/storage/sqlite/${name}`));

/** What a writer inserts: the table, its columns, and whether rows carry audit texts to compress. */
export interface AuditWriterTable {
  readonly table: string;
  readonly columns: readonly string[];
  /** Rows hold `request` and `result` texts that the thread compresses (audit-record-codec.ts). */
  readonly encodeAudit?: boolean;
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
  private outgoing: RowMessage[] = [];
  private readonly sql: string;

  constructor(
    private readonly file: string,
    private readonly target: AuditWriterTable,
  ) {
    const { table, columns } = target;
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
    if (this.outgoing.length === 0) setImmediate(() => this.post());
    this.outgoing.push({ id, row });
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
    const workerData: WriterThreadData = {
      file: this.file,
      sql: this.sql,
      columns: this.target.columns,
      encodeAudit: this.target.encodeAudit === true,
      maxBatch: MAX_BATCH,
    };
    const worker = new Worker(threadModule("audit-writer-thread"), { workerData });
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
