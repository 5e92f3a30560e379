/** When the client tries a request again. */
export interface RetryOptions {
  /** Further attempts after the first (default 2). */
  readonly retries?: number;
  /** First backoff delay when the answer has no Retry-After (default 250 ms; then ×2). */
  readonly baseDelayMs?: number;
  /** The longest wait the client accepts, Retry-After included (default 30 s). */
  readonly maxDelayMs?: number;
}

const IDEMPOTENT = new Set(["GET", "HEAD", "PUT", "OPTIONS", "DELETE"]);

/** Retry-After as delay-seconds or an HTTP date, in ms; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * Whether an answer is worth another try: 429 always (the request was refused, not done); 502, 503
 * and 504 always (the service did not take it); any other 5xx only for idempotent methods, so a
 * POST that may have been done (a car created, an audit record saved) is never sent twice.
 */
function retryable(method: string, status: number): boolean {
  if (status === 429 || status === 502 || status === 503 || status === 504) return true;
  return status >= 500 && IDEMPOTENT.has(method);
}

/** A fetch that retries 5xx/429 answers as above, honouring Retry-After, with exponential backoff. */
export function retryingFetch(base: typeof fetch, options: RetryOptions = {}): typeof fetch {
  const retries = options.retries ?? 2;
  const baseDelay = options.baseDelayMs ?? 250;
  const maxDelay = options.maxDelayMs ?? 30_000;
  return async (input, init) => {
    const original = new Request(input, init);
    for (let attempt = 0; ; attempt++) {
      const response = await base(original.clone());
      if (attempt >= retries || !retryable(original.method, response.status)) return response;
      const delay = Math.min(
        maxDelay,
        retryAfterMs(response.headers.get("retry-after")) ?? baseDelay * 2 ** attempt,
      );
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  };
}
