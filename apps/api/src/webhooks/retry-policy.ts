/**
 * When to try a delivery again. The spec allows up to 3 attempts on transient failures with
 * exponential backoff; the delays between them are the operator's (`CARTAX_WEBHOOK_RETRY_DELAYS_MS`,
 * default 10 s then 40 s), each ±20 % at random so that endpoints that failed together are not
 * retried together. A Retry-After header wins when it asks for longer (capped at `maxDelayMs`).
 * The environment schema (`@cartax/schemas`) reads and checks the delays.
 */
export interface RetryPolicy {
  /** Delay after attempt 1, after attempt 2 …: one or two entries (3 attempts at most). */
  readonly delaysMs: readonly number[];
  readonly maxDelayMs: number;
}

export const MAX_RETRY_DELAY_MS = 3_600_000;
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  delaysMs: [10_000, 40_000],
  maxDelayMs: MAX_RETRY_DELAY_MS,
};

/** Attempts a notification gets under this policy: the first one and one per delay. */
export const maxAttempts = (policy: RetryPolicy): number => policy.delaysMs.length + 1;

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
