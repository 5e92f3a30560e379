/**
 * When to try a delivery again. The spec allows up to 3 attempts on transient failures with
 * exponential backoff; the delays are ours: about `baseMs` after the first attempt and 4 × `baseMs`
 * after the second (10 s and 40 s by default), each ±20 % at random so that endpoints that failed
 * together are not retried together. A Retry-After header wins when it asks for longer (capped at
 * `maxDelayMs`).
 */
export interface RetryPolicy {
  readonly maxAttempts: number;
  readonly baseMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 3, baseMs: 10_000, maxDelayMs: 3_600_000 };

/** Delay before attempt `attempt + 1`, after attempt number `attempt` (1-based) failed. */
export function retryDelay(
  policy: RetryPolicy,
  attempt: number,
  retryAfterMs: number | null,
  random: () => number = Math.random,
): number {
  const exponential = policy.baseMs * 4 ** (attempt - 1);
  const jittered = exponential * (0.8 + 0.4 * random());
  return Math.round(Math.min(policy.maxDelayMs, Math.max(jittered, retryAfterMs ?? 0)));
}
