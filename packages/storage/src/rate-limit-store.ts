import { type Kysely, sql } from "kysely";
import type { DatabaseSchema } from "./database-schema";
import type { Dialect } from "./open-storage";
import type { RateLimit } from "./subscription-store";

/** Where a limited subscription stands after counting one request. */
export interface RateLimitState {
  /** False: the request is over the limit (answer 429). */
  readonly allowed: boolean;
  /** Requests still allowed in this window after this one (0 when over). */
  readonly remaining: number;
  /** Whole seconds until the window ends and the count starts again (at least 1). */
  readonly resetSeconds: number;
}

interface Window {
  windowSeconds: number;
  start: number;
  requests: number;
}

const stateOf = (limit: RateLimit, requests: number, secondsLeft: number): RateLimitState => ({
  allowed: requests <= limit.requests,
  remaining: Math.max(0, limit.requests - requests),
  resetSeconds: Math.max(1, Math.ceil(secondsLeft)),
});

/**
 * Fixed-window request counters of limited subscriptions. Windows are aligned on the Unix epoch
 * (a 60-second window runs from one whole minute to the next). Every request counts, including
 * those refused with 429, so a client that keeps hammering stays refused until the window ends.
 *
 * - PostgreSQL: one counter row per subscription and window, upserted atomically and read back in
 *   the same statement (one round trip), with the database's clock: every instance on the
 *   database shares the count, and the limit holds exactly across them.
 * - SQLite (one instance by design): an in-memory counter in this process, no database round
 *   trip at all; a restart starts the window's count again.
 */
export class RateLimitStore {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly dialect: Dialect,
    /** The clock of the in-memory counters (milliseconds since the epoch); tests give their own. */
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of the subscription against its limit. Synchronous on SQLite. */
  hit(subscriptionId: string, limit: RateLimit): RateLimitState | Promise<RateLimitState> {
    if (this.dialect === "postgres") return this.hitShared(subscriptionId, limit);
    const nowSeconds = this.now() / 1000;
    const start = Math.floor(nowSeconds / limit.windowSeconds) * limit.windowSeconds;
    let window = this.windows.get(subscriptionId);
    if (!window || window.start !== start || window.windowSeconds !== limit.windowSeconds) {
      window = { windowSeconds: limit.windowSeconds, start, requests: 0 };
      this.windows.set(subscriptionId, window);
    }
    window.requests += 1;
    return stateOf(limit, window.requests, start + limit.windowSeconds - nowSeconds);
  }

  private async hitShared(subscriptionId: string, limit: RateLimit): Promise<RateLimitState> {
    const seconds = limit.windowSeconds;
    const { rows } = await sql<{ requests: number; left: number }>`
      with clock as (select extract(epoch from clock_timestamp())::float8 as now)
      insert into rate_limit_windows as w (subscription_id, window_seconds, window_start, requests)
      select ${subscriptionId}, ${seconds}::integer, (floor(clock.now / ${seconds}::integer) * ${seconds}::integer)::bigint, 1
      from clock
      on conflict (subscription_id, window_seconds, window_start)
      do update set requests = w.requests + 1
      returning w.requests, (w.window_start + w.window_seconds - (select now from clock))::float8 as left
    `.execute(this.db);
    const row = rows[0];
    if (!row) throw new Error("the rate-limit counter returned no row");
    return stateOf(limit, Number(row.requests), Number(row.left));
  }

  /** Removes counters of windows that ended more than a minute ago (PostgreSQL; a no-op on SQLite). */
  async sweep(): Promise<void> {
    if (this.dialect !== "postgres") return;
    await sql`delete from rate_limit_windows
      where window_start + window_seconds < extract(epoch from clock_timestamp()) - 60`.execute(this.db);
  }
}
