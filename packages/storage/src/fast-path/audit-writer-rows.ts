import { encodeAudit } from "./audit-record-codec";
import type { RowMessage, WriterThreadData } from "./audit-writer-messages";

/** A row's parameters, in the order of the table's columns. */
export type RowValues = (string | number | Uint8Array | null)[];

/**
 * A posted row's statement parameters, in column order: for an audit table its `request` and
 * `result` texts compressed first (`encodeAudit`: encoding, request_bytes, body). Both writer
 * threads make their rows with it, as they come, before the commit.
 */
export function rowValues(row: RowMessage["row"], data: WriterThreadData): RowValues {
  const encoded = data.encodeAudit
    ? encodeAudit(String(row.request ?? ""), String(row.result ?? ""))
    : undefined;
  return data.columns.map(
    (column) => (encoded?.[column as keyof typeof encoded] ?? row[column] ?? null) as RowValues[number],
  );
}

/** The insert statement of a writer thread: `(columns) values (…)` with the database's placeholders. */
export function insertStatement(data: WriterThreadData, placeholders: string): string {
  const columns = data.columns.map((c) => `"${c}"`).join(", ");
  return `insert into "${data.table}" (${columns}) values ${placeholders}`;
}

/** A row ready to insert: its id and its statement's parameters (compressed already). */
export interface Ready {
  readonly id: number;
  readonly values: RowValues;
}

/** A row that failed, with the message its caller's error carries. */
export interface Failed {
  readonly id: number;
  readonly message: string;
}

/** An error's message, for the parent (errors do not cross threads as they are). */
export const messageOf = (error: unknown): string => String((error as Error | undefined)?.message ?? error);

/**
 * A writer thread's rows made ready as they come (`add`), until a commit takes them (`take`); a
 * row that could not be made ready is answered as failed with the next commit.
 */
export class ReadyRows {
  private ready: Ready[] = [];
  private refused: Failed[] = [];

  constructor(private readonly data: WriterThreadData) {}

  /** Ready rows waiting. */
  get size(): number {
    return this.ready.length;
  }

  /** Nothing waits to be committed or answered. */
  get empty(): boolean {
    return this.ready.length === 0 && this.refused.length === 0;
  }

  add(posted: readonly RowMessage[]): void {
    for (const { id, row } of posted) {
      try {
        this.ready.push({ id, values: rowValues(row, this.data) });
      } catch (error) {
        this.refused.push({ id, message: messageOf(error) });
      }
    }
  }

  /** The next commit's rows (at most `max`, the oldest first) and every refused row. */
  take(max: number): { rows: Ready[]; failed: Failed[] } {
    const rows = this.ready.splice(0, max);
    const failed = this.refused;
    this.refused = [];
    return { rows, failed };
  }
}
