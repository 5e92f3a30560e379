import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type {
  CloseMessage,
  RowMessage,
  RowsMessage,
  Settled,
  WriterDatabase,
  WriterThreadData,
} from "./audit-writer-messages";

type Row = Readonly<Record<string, string | number | null>>;

/** Rows committed in one transaction at most (a larger backlog is committed in several). */
const MAX_BATCH = 200;
/**
 * Rows posted to the thread as soon as this many wait, before their turn of the event loop ends:
 * the thread compresses them while this thread works on, instead of after (bench/README.md).
 */
const POST_EVERY = 4;
/**
 * Ready rows committed without waiting for the end of their turn once this many wait and the
 * thread has nothing else to do: the requests of a long turn are answered sooner, so their
 * connections come back sooner (SQLite 1.175×, PostgreSQL 1.230× req/s against waiting for the
 * turn's end; one row at a time spent the gain on commits: bench/README.md).
 */
const COMMIT_EARLY = 8;

/**
 * The writer thread of a database, from this package's build (`dist/sqlite/…`, `dist/postgres/…`):
 * resolved by the package's own name, so the sources under vitest and the bundle of the service
 * start the same compiled file.
 */
const threadModule = (database: WriterDatabase): URL =>
  pathToFileURL(createRequire(import.meta.url).resolve(`@cartax/storage/${database}/audit-writer-thread`));

/** What a writer inserts: the table, its columns, and whether rows carry audit texts to compress. */
export interface AuditWriterTable {
  readonly table: string;
  readonly columns: readonly string[];
  /** Rows hold `request` and `result` texts that the thread compresses (audit-record-codec.ts). */
  readonly encodeAudit?: boolean;
}

/**
 * Inserts rows of one table from a worker thread by group commit, with a connection of its own
 * (`sqlite/audit-writer-thread.ts`, `postgres/audit-writer-thread.ts`). better-sqlite3 is
 * synchronous: on the event loop, each commit (insert + fsync, synchronous=FULL) stalled every
 * request in flight for a few milliseconds. On PostgreSQL the event loop compressed each record and
 * spoke the protocol for its insert, and was the bottleneck (bench/README.md). Off the loop,
 * requests keep being served while a batch is compressed and committed; each caller is still
 * answered only after the transaction holding its row is committed.
 *
 * Rows are posted a few at a time as they come (`POST_EVERY`), and a last message says the turn of
 * the event loop is over: the thread compresses rows while this thread works on, and commits the
 * rows of a turn together once it ends (with whatever queued while it committed), or sooner once
 * `COMMIT_EARLY` rows are ready and nothing else waits, without waiting for the answer to earlier
 * rows. Posting a turn's rows only after it ended left the thread idle while the loop worked and
 * the loop idle while the thread compressed (posting them as they come earned 1.103×). Waiting
 * for one batch's answer before posting the next (as a GroupCommit on this thread did) made a row
 * wait for the previous batch's answer to reach the (busy) event loop as well: under wrk the commits
 * took 12 ms in the worker and 22 ms as the event loop saw them. The worker starts on first use, so
 * the CLI never pays for it.
 */
export class AuditWriter {
  private worker: Worker | undefined;
  private broken: Error | undefined;
  private nextId = 0;
  private transactions = 0;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private idle: (() => void)[] = [];
  private outgoing: RowMessage[] = [];
  private turnEnding = false;

  /**
   * `database`: which thread; `connection`: the SQLite file or the PostgreSQL URL.
   */
  constructor(
    private readonly database: WriterDatabase,
    private readonly connection: string,
    private readonly target: AuditWriterTable,
  ) {}

  /** False once the worker died: the caller then writes on the main connection instead. */
  get usable(): boolean {
    return this.broken === undefined;
  }

  /** Answers received from the worker: one per transaction (tests). */
  get batches(): number {
    return this.transactions;
  }

  /** Resolves once the row's transaction is committed. */
  insert(row: Row): Promise<void> {
    const worker = this.start();
    const id = this.nextId++;
    // Referenced while a row is in flight, so a script awaiting its insert does not exit early.
    if (this.waiting.size === 0) worker.ref();
    if (!this.turnEnding) {
      this.turnEnding = true;
      setImmediate(() => {
        this.turnEnding = false;
        this.post(true);
      });
    }
    this.outgoing.push({ id, row });
    if (this.outgoing.length >= POST_EVERY) this.post(false);
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
  }

  /** Posts the rows held; `end`: the turn of the event loop is over, its rows may be committed. */
  private post(end: boolean) {
    const rows = this.outgoing;
    this.outgoing = [];
    if (this.worker) this.worker.postMessage({ rows, end } satisfies RowsMessage);
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
   * SQLite's thread only (PostgreSQL has no such lock: its other writes stay on the pool).
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

  /**
   * Stops the worker; call after every insert was answered (drain). The thread closes its
   * connection first (a PostgreSQL server would otherwise log a connection reset), or is stopped
   * after a second.
   */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    const id = this.nextId++;
    worker.ref();
    const closed = new Promise<void>((resolve) => this.waiting.set(id, { resolve, reject: () => resolve() }));
    worker.postMessage({ id, close: true } satisfies CloseMessage);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, 1000)))]);
    clearTimeout(timer);
    this.worker = undefined;
    await worker.terminate();
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
      connection: this.connection,
      table: this.target.table,
      columns: this.target.columns,
      encodeAudit: this.target.encodeAudit === true,
      maxBatch: MAX_BATCH,
      commitEarly: COMMIT_EARLY,
    };
    const worker = new Worker(threadModule(this.database), { workerData });
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
