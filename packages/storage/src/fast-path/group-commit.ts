/**
 * Group commit: writes that arrive within a short window are saved by one statement, so one
 * commit (one fsync) serves many requests, and each caller is answered only after that commit.
 * Durability is the same as one commit per write; throughput is much higher under load. A failed
 * batch is retried row by row, so one bad row fails only its own caller.
 */
export class GroupCommit<T> {
  private pending: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private scheduled = false;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (items: readonly T[]) => Promise<void>,
    private readonly maxBatch = 100,
  ) {}

  add(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      this.flushSoon();
    });
  }

  /** Resolves once everything added so far is committed (or failed). */
  async drain(): Promise<void> {
    await this.flushing;
    if (this.pending.length > 0) {
      this.flushSoon();
      await new Promise((resolve) => setImmediate(resolve));
      await this.drain();
    }
  }

  /**
   * The window is one turn of the event loop: everything that requests handled in this turn
   * added is written together right after it (setImmediate), so no write waits on a timer, and
   * under load a batch holds whatever arrived while the previous one was being committed.
   */
  private flushSoon() {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flushing = this.flushing.then(() => this.flush());
    });
  }

  private async flush() {
    const batch = this.pending.splice(0, this.maxBatch);
    if (batch.length === 0) return;
    try {
      await this.write(batch.map((p) => p.item));
      for (const p of batch) p.resolve();
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
      } else {
        for (const p of batch) {
          try {
            await this.write([p.item]);
            p.resolve();
          } catch (single) {
            p.reject(single);
          }
        }
      }
    }
    if (this.pending.length > 0) this.flushSoon();
  }
}
