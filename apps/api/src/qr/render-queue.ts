/** Thrown when a task is refused (slots busy and no room within the limits); the caller answers 503. */
export class RenderQueueFullError extends Error {
  override readonly name = "RenderQueueFullError";
  constructor(
    /** Whole seconds after which a retry is likely to be taken (at least 1). */
    readonly retryAfterSeconds: number,
  ) {
    super(`every QR render slot is busy and the queue is full; retry in ${retryAfterSeconds} s`);
  }
}

/**
 * A refusal without a stack trace: under overload most requests are refused, and capturing the
 * stack of each (deep in async frames) took about 1.5 % of the main thread's samples in a CPU profile.
 */
function refusal(retryAfterSeconds: number): RenderQueueFullError {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new RenderQueueFullError(retryAfterSeconds);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

export interface RenderQueueLimits {
  /** Renders at a time (≥ 1). */
  readonly concurrency: number;
  /** Renders that may wait for a slot (≥ 0); one more is refused. */
  readonly queueLimit: number;
  /**
   * Longest a task should wait for a slot, in ms (default QUEUE_WAIT_BUDGET_MS). A task whose
   * wait is likely longer (from the measured duration of recent tasks) is refused on arrival, and
   * one that waited longer all the same is refused when its turn comes, unrun.
   */
  readonly waitBudgetMs?: number;
}

/**
 * Half of the 1 s that POST /v1/Qr may take at the 99th percentile under load (issue 20): a render
 * (about 15–60 ms on two busy cores for the default size) and the rest of the request fit in the other half.
 */
export const QUEUE_WAIT_BUDGET_MS = 500;

/** Until tasks have been measured: a guess on the slow side of a default-size render. */
const INITIAL_MEAN_MS = 100;

/**
 * Bounds the work of rendering: at most `concurrency` tasks run, at most `queueLimit` wait in
 * arrival order, and a task that would wait longer than the budget is refused at once
 * (RenderQueueFullError) rather than left to pile up memory and latency: accepted tasks finish
 * within about the budget plus their own duration. A task under a key already running or waiting
 * is not run twice: the second caller shares the first one's result.
 */
export class RenderQueue {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly pending = new Map<string, Promise<unknown>>();
  /** Mean duration of recent tasks (exponentially weighted), for admission and Retry-After. */
  private meanMs = INITIAL_MEAN_MS;
  private readonly budgetMs: number;

  constructor(readonly limits: RenderQueueLimits) {
    if (!Number.isInteger(limits.concurrency) || limits.concurrency < 1)
      throw new RangeError("concurrency must be a whole number ≥ 1");
    if (!Number.isInteger(limits.queueLimit) || limits.queueLimit < 0)
      throw new RangeError("queueLimit must be a whole number ≥ 0");
    this.budgetMs = limits.waitBudgetMs ?? QUEUE_WAIT_BUDGET_MS;
    if (!(this.budgetMs > 0)) throw new RangeError("waitBudgetMs must be > 0");
  }

  /** Tasks running now. */
  get running(): number {
    return this.active;
  }

  /** Tasks waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  /** The recent mean duration of a task, in ms. */
  get meanTaskMs(): number {
    return this.meanMs;
  }

  /**
   * Runs `task` when a slot is free, or shares the result of the same key's task in progress.
   * Throws RenderQueueFullError at once when refused on arrival; the promise rejects with it when
   * the task waited past the budget.
   */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const same = this.pending.get(key);
    if (same) return same as Promise<T>;
    if (this.active >= this.limits.concurrency) {
      if (this.waiting.length >= this.limits.queueLimit || this.likelyWaitMs() > this.budgetMs)
        throw refusal(this.retryAfterSeconds());
    }
    const result = this.schedule(task).finally(() => this.pending.delete(key));
    this.pending.set(key, result);
    return result;
  }

  /** How long a task arriving now would likely wait for a slot: one wave of tasks per `concurrency` ahead of it. */
  private likelyWaitMs(): number {
    return (Math.floor(this.waiting.length / this.limits.concurrency) + 1) * this.meanMs;
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
    else {
      const queuedAt = performance.now();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
      // Waited past the budget (the tasks ahead were slower than measured): refused unrun, so that
      // it does not make every task behind it late too.
      if (performance.now() - queuedAt > this.budgetMs) {
        this.release();
        throw refusal(this.retryAfterSeconds());
      }
    }
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.meanMs = 0.8 * this.meanMs + 0.2 * (performance.now() - started);
      this.release();
    }
  }

  /** Gives the slot to the first waiter, or frees it. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}
