import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import pg from "pg";
import type { ChangeCounter } from "../fast-path/compiled-query";

/** The channel the triggers of migration 0016 notify, with the changed table's name as payload. */
export const CHANGES_CHANNEL = "cartax_changes";

/** The tables whose rows the read caches hold (the triggers of migration 0016 watch them). */
export type WatchedTable = "subscriptions" | "car_details";

/** How often an instance proves that its listening connection is current, and how long that proof stands. */
export interface ChangeFeedTiming {
  /** A heartbeat sent on the listening connection every so many milliseconds. */
  readonly heartbeatMs: number;
  /**
   * The stale-read window: a cache answers from memory only while its last heartbeat came back
   * within this many milliseconds. A change committed earlier than that is always seen.
   */
  readonly windowMs: number;
  /** Wait before opening a new listening connection after losing one. */
  readonly reconnectMs: number;
}

/** The service's timing (docs/operations.md, "Several instances behind a load balancer"). */
export const CHANGE_FEED_TIMING: ChangeFeedTiming = { heartbeatMs: 250, windowMs: 1000, reconnectMs: 500 };

/** `trusted`: the caches answer from memory; `bypassed`: every read goes to the database. */
export type ReadCacheState = "trusted" | "bypassed";

/**
 * PostgreSQL's equivalent of SQLite's `data_version` (data-version.ts): a change count per watched
 * table, bumped by the notifications that the database's own triggers send on every write to it
 * (migration 0016: any instance, the CLI, plain SQL) and by this process's own writes as they
 * return (so an instance reads its own writes at once, before the notification comes back).
 *
 * The stale-read window is bounded, not only short. The listening connection sends itself a
 * heartbeat notification every `heartbeatMs`; notifications are delivered in commit order, so when a
 * heartbeat sent at t comes back, every change committed before t has been delivered. The counters
 * count as valid only while the last heartbeat returned was sent less than `windowMs` ago; otherwise
 * (connection down, reconnecting, PostgreSQL or this event loop too slow) every call returns a new
 * number and the caches read through. So a read that starts more than `windowMs` after a change was
 * acknowledged to its writer sees it; in practice a notification arrives within milliseconds.
 *
 * Listening starts with the first read through a cache (the CLI and the worker never open the
 * connection); reads before the first heartbeat returns go to the database.
 */
export class PostgresChangeFeed {
  private readonly versions: Record<WatchedTable, number> = { subscriptions: 0, car_details: 0 };
  private readonly instance = randomUUID();
  private client: pg.Client | undefined;
  private started = false;
  private closed = false;
  private listening = false;
  /** When the last heartbeat that came back was sent (performance.now()). */
  private confirmedAt = Number.NEGATIVE_INFINITY;
  private heartbeatSeq = 0;
  private readonly sent = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private reconnecting: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly timing: ChangeFeedTiming = CHANGE_FEED_TIMING,
  ) {}

  /** The change count of one table, for the store that caches its rows. */
  counter(table: WatchedTable): ChangeCounter {
    return () => {
      if (!this.started) this.start();
      // A new number on each call while the feed cannot vouch for the cache: nothing read then is reused.
      if (!this.trusted()) return ++this.versions[table];
      return this.versions[table];
    };
  }

  /** Called by a store once a write of this process to `table` has returned (committed or failed). */
  written(table: WatchedTable): void {
    this.versions[table]++;
  }

  state(): ReadCacheState {
    return this.trusted() ? "trusted" : "bypassed";
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    clearTimeout(this.reconnecting);
    const client = this.client;
    this.client = undefined;
    this.listening = false;
    await client?.end().catch(() => undefined);
  }

  private trusted(): boolean {
    return this.listening && performance.now() - this.confirmedAt < this.timing.windowMs;
  }

  private start(): void {
    this.started = true;
    this.timer = setInterval(() => this.beat(), this.timing.heartbeatMs);
    this.timer.unref();
    void this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.url,
      application_name: "cartax-change-feed",
      keepAlive: true,
    });
    this.client = client;
    client.on("error", () => this.lost(client));
    client.on("end", () => this.lost(client));
    client.on("notification", (message) => this.notified(message.payload ?? ""));
    try {
      await client.connect();
      // The heartbeats need no fsync: only their order among the notifications matters.
      await client.query("set synchronous_commit = off");
      await client.query(`listen ${CHANGES_CHANNEL}`);
    } catch {
      this.lost(client);
      return;
    }
    if (this.client !== client) return;
    // Changes committed while nobody listened were never notified: everything read before is stale.
    this.bumpAll();
    this.listening = true;
    this.beat();
  }

  /** The listening connection failed or ended: read through until a new one has listened and beaten. */
  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.listening = false;
    this.confirmedAt = Number.NEGATIVE_INFINITY;
    this.sent.clear();
    this.bumpAll();
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.reconnecting = setTimeout(() => void this.connect(), this.timing.reconnectMs);
    this.reconnecting.unref();
  }

  private beat(): void {
    const client = this.client;
    if (!client || !this.listening) return;
    const now = performance.now();
    // A connection whose heartbeats stopped coming back (a silent network failure) is replaced.
    const oldest = this.sent.values().next().value;
    if (oldest !== undefined && now - oldest > 10 * this.timing.windowMs) {
      this.lost(client);
      return;
    }
    const seq = ++this.heartbeatSeq;
    this.sent.set(seq, now);
    client
      .query("select pg_notify($1, $2)", [CHANGES_CHANNEL, `heartbeat ${this.instance} ${seq}`])
      .catch(() => this.lost(client));
  }

  private notified(payload: string): void {
    if (payload === "subscriptions" || payload === "car_details") {
      this.versions[payload]++;
      return;
    }
    if (payload.startsWith("heartbeat ")) {
      const [, instance, seq] = payload.split(" ");
      if (instance !== this.instance) return;
      const sentAt = this.sent.get(Number(seq));
      if (sentAt === undefined) return;
      // Every notification committed before this heartbeat was sent has been delivered.
      for (const earlier of this.sent.keys()) if (earlier <= Number(seq)) this.sent.delete(earlier);
      this.confirmedAt = Math.max(this.confirmedAt, sentAt);
      return;
    }
    // A payload of a newer version of the triggers: assume any table changed.
    this.bumpAll();
  }

  private bumpAll(): void {
    this.versions.subscriptions++;
    this.versions.car_details++;
  }
}
