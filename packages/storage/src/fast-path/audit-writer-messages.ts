/** What the audit writer (audit-writer.ts) and its thread (audit-writer-thread.ts) say to each other. */

/** Which database's thread: `sqlite/audit-writer-thread.ts` or `postgres/audit-writer-thread.ts`. */
export type WriterDatabase = "sqlite" | "postgres";

/** The thread's start-up data. */
export interface WriterThreadData {
  /** The SQLite file, or the PostgreSQL URL. */
  readonly connection: string;
  readonly table: string;
  readonly columns: readonly string[];
  /** Rows hold `request` and `result` texts, compressed by the thread into the audit columns. */
  readonly encodeAudit: boolean;
  readonly maxBatch: number;
  /** Ready rows committed before their turn ends once this many wait and nothing else is queued. */
  readonly commitEarly: number;
}

/** A row to insert, with the id its answer carries back. */
export interface RowMessage {
  readonly id: number;
  readonly row: Readonly<Record<string, string | number | null>>;
}

/**
 * Rows of one turn of the parent's event loop, posted as they come (a few at a time) so that the
 * thread compresses them while the parent works on; `end`: the turn is over, commit what came.
 */
export interface RowsMessage {
  readonly rows: readonly RowMessage[];
  readonly end: boolean;
}

/** Statements to run in one transaction. */
export interface ExecuteMessage {
  readonly id: number;
  readonly statements: readonly { sql: string; parameters: readonly unknown[] }[];
}

/** The thread closes its connection and answers with `ok: [id]`; it is stopped after. */
export interface CloseMessage {
  readonly id: number;
  readonly close: true;
}

/** What the parent posts to a writer thread. */
export type WriterMessage = RowsMessage | ExecuteMessage | CloseMessage;

/** The thread's answer to one transaction. */
export interface Settled {
  readonly ok: readonly number[];
  readonly failed?: readonly { id: number; message: string }[];
}
