/**
 * When to try a delivery again. The spec allows up to 3 attempts on transient failures with
 * exponential backoff; the delays between them are the operator's (`CARTAX_WEBHOOK_RETRY_DELAYS_MS`,
 * default 10 s then 40 s), each ±20 % at random so that endpoints that failed together are not
 * retried together. A Retry-After header wins when it asks for longer (capped at `maxDelayMs`).
 */
export interface RetryPolicy {
  /** Delay after attempt 1, after attempt 2 …: one or two entries (3 attempts at most). */
  readonly delaysMs: readonly number[];
  readonly maxDelayMs: number;
}

/** The spec's maximum number of attempts of one delivery. */
export const SPEC_MAX_ATTEMPTS = 3;
export const MAX_RETRY_DELAY_MS = 3_600_000;
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  delaysMs: [10_000, 40_000],
  maxDelayMs: MAX_RETRY_DELAY_MS,
};

/** Attempts a notification gets under this policy: the first one and one per delay. */
export const maxAttempts = (policy: RetryPolicy): number => policy.delaysMs.length + 1;

/**
 * Reads a list of delays as the environment gives it (`10000,40000`). Throws a RangeError naming
 * what is wrong: not whole milliseconds, none, more than the spec's 3 attempts allow, or over an hour.
 */
export function parseRetryDelays(raw: string): number[] {
  const parts = raw.split(",").map((p) => p.trim());
  if (parts.some((p) => !/^\d+$/.test(p)))
    throw new RangeError("must be whole numbers of milliseconds separated by commas, e.g. 10000,40000");
  const delays = parts.map(Number);
  if (delays.length > SPEC_MAX_ATTEMPTS - 1)
    throw new RangeError(
      `must list at most ${SPEC_MAX_ATTEMPTS - 1} delays (the spec allows ${SPEC_MAX_ATTEMPTS} attempts)`,
    );
  if (delays.some((d) => d > MAX_RETRY_DELAY_MS))
    throw new RangeError(`must list delays of at most ${MAX_RETRY_DELAY_MS} ms (one hour)`);
  return delays;
}

/** Delay before attempt `attempt + 1`, after attempt number `attempt` (1-based) failed. */
export function retryDelay(
  policy: RetryPolicy,
  attempt: number,
  retryAfterMs: number | null,
  random: () => number = Math.random,
): number {
  const base = policy.delaysMs[Math.min(attempt, policy.delaysMs.length) - 1] ?? 0;
  const jittered = base * (0.8 + 0.4 * random());
  return Math.round(Math.min(policy.maxDelayMs, Math.max(jittered, retryAfterMs ?? 0)));
}
