/** Thrown when the renders in progress and the queue are full; the caller answers 503. */
export class RenderQueueFullError extends Error {
  override readonly name = "RenderQueueFullError";
  constructor(
    /** Whole seconds after which a retry is likely to be taken (at least 1). */
    readonly retryAfterSeconds: number,
  ) {
    super(`every QR render slot is busy and the queue is full; retry in ${retryAfterSeconds} s`);
  }
}

export interface RenderQueueLimits {
  /** Renders at a time (≥ 1). */
  readonly concurrency: number;
  /** Renders that may wait for a slot (≥ 0); one more is refused. */
  readonly queueLimit: number;
}

/**
 * Bounds the work of rendering: at most `concurrency` tasks run, at most `queueLimit` wait in
 * arrival order, and a task past both is refused at once (RenderQueueFullError) rather than left
 * to pile up memory and latency. A task under a key already running or waiting is not run twice:
 * the second caller shares the first one's result.
 */
export class RenderQueue {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly pending = new Map<string, Promise<unknown>>();
  /** Mean duration of recent tasks (exponentially weighted), for Retry-After. */
  private meanMs = 250;

  constructor(readonly limits: RenderQueueLimits) {
    if (!Number.isInteger(limits.concurrency) || limits.concurrency < 1)
      throw new RangeError("concurrency must be a whole number ≥ 1");
    if (!Number.isInteger(limits.queueLimit) || limits.queueLimit < 0)
      throw new RangeError("queueLimit must be a whole number ≥ 0");
  }

  /** Tasks running now. */
  get running(): number {
    return this.active;
  }

  /** Tasks waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `task` when a slot is free, or shares the result of the same key's task in progress. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const same = this.pending.get(key);
    if (same) return same as Promise<T>;
    if (this.active >= this.limits.concurrency && this.waiting.length >= this.limits.queueLimit)
      throw new RenderQueueFullError(this.retryAfterSeconds());
    const result = this.schedule(task).finally(() => this.pending.delete(key));
    this.pending.set(key, result);
    return result;
  }

  /** Seconds until the work ahead of a new task is likely done: (running + queued) / slots × mean. */
  private retryAfterSeconds(): number {
    const ahead = (this.active + this.waiting.length) / this.limits.concurrency;
    return Math.max(1, Math.ceil((ahead * this.meanMs) / 1000));
  }

  private async schedule<T>(task: () => Promise<T>): Promise<T> {
    // A released slot passes straight to the first waiter (active stays counted), so arrivals in
    // between cannot overtake the queue.
    if (this.active < this.limits.concurrency) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.meanMs = 0.8 * this.meanMs + 0.2 * (performance.now() - started);
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
