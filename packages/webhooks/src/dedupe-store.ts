/**
 * Remembers the eventIds a receiver has processed (retries and redeliveries bring the same event
 * again). Two steps, so that an event counts as processed only once its handler succeeded: `seen`
 * asks, `commit` records after the work is done. A handler that fails is not committed, and the
 * service's retry of that eventId is then handled again instead of being dropped as a duplicate.
 */
export interface DedupeStore {
  /** True when the eventId was committed before. */
  seen(eventId: string): Promise<boolean> | boolean;
  /** Records the eventId as processed; called only after the handler succeeded. */
  commit(eventId: string): Promise<void> | void;
}

/** An in-memory DedupeStore keeping the most recent `limit` committed ids (default 10,000). */
export class MemoryDedupeStore implements DedupeStore {
  private readonly ids = new Set<string>();
  constructor(private readonly limit = 10_000) {}
  seen(eventId: string): boolean {
    return this.ids.has(eventId);
  }
  commit(eventId: string): void {
    this.ids.add(eventId);
    if (this.ids.size > this.limit) {
      const oldest = this.ids.values().next().value;
      if (oldest !== undefined) this.ids.delete(oldest);
    }
  }
}
