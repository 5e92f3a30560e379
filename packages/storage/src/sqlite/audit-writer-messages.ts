/** What the audit writer (audit-writer.ts) and its thread (audit-writer-thread.ts) say to each other. */

/** The thread's start-up data. */
export interface WriterThreadData {
  readonly file: string;
  /** The insert statement, with one named parameter per column. */
  readonly sql: string;
  readonly columns: readonly string[];
  /** Rows hold `request` and `result` texts, compressed by the thread into the audit columns. */
  readonly encodeAudit: boolean;
  readonly maxBatch: number;
}

/** A row to insert, with the id its answer carries back. */
export interface RowMessage {
  readonly id: number;
  readonly row: Readonly<Record<string, string | number | null>>;
}

/** Statements to run in one transaction. */
export interface ExecuteMessage {
  readonly id: number;
  readonly statements: readonly { sql: string; parameters: readonly unknown[] }[];
}

/** The thread's answer to one transaction. */
export interface Settled {
  readonly ok: readonly number[];
  readonly failed?: readonly { id: number; message: string }[];
}
