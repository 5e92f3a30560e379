import { attemptDelivery, DEFAULT_TIMEOUT_MS } from "./attempt-delivery";
import { DeliveryLifecycle, type LifecycleReporter } from "./delivery-lifecycle";
import type { ClaimedDelivery, Outbox } from "./outbox";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry-policy";

export interface DeliveryWorkerOptions {
  /** How often the outbox is polled when idle. */
  readonly pollMs?: number;
  /** Deliveries claimed (and sent in parallel) at a time. */
  readonly batchSize?: number;
  readonly timeoutMs?: number;
  readonly retry?: RetryPolicy;
  /** Consecutive failed pings, or notifications, that flag an endpoint (default 3). */
  readonly flagThreshold?: number;
  /** Log lines and the counter of settled deliveries. */
  readonly reporter?: LifecycleReporter;
  readonly onError?: (error: unknown) => void;
}

/**
 * Sends what is due in the outbox: claims a batch, makes one attempt of each in parallel and hands
 * each result to the delivery lifecycle (delivery-lifecycle.ts), which records it and decides the
 * delivery's next state.
 */
export class DeliveryWorker {
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> = Promise.resolve();
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly timeoutMs: number;
  private readonly lifecycle: DeliveryLifecycle;

  constructor(
    private readonly outbox: Outbox,
    private readonly options: DeliveryWorkerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 500;
    this.batchSize = options.batchSize ?? 200;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.lifecycle = new DeliveryLifecycle(outbox, {
      retry: options.retry ?? DEFAULT_RETRY_POLICY,
      flagThreshold: options.flagThreshold ?? 3,
      ...(options.reporter ? { reporter: options.reporter } : {}),
    });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  /** Stops polling and waits for the attempts under way to be recorded. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.current;
  }

  /** Claims and sends one batch; resolves with the number of deliveries attempted. */
  async runOnce(now: Date = new Date()): Promise<number> {
    const leaseMs = this.timeoutMs + 30_000;
    const claimed = await this.outbox.claimDue(now, this.batchSize, leaseMs);
    await Promise.all(claimed.map((delivery) => this.send(delivery)));
    return claimed.length;
  }

  private schedule(delay: number) {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      this.current = this.runOnce()
        .then((count) => this.schedule(count === this.batchSize ? 0 : this.pollMs))
        .catch((error) => {
          this.options.onError?.(error);
          this.schedule(this.pollMs);
        });
    }, delay);
  }

  private async send(delivery: ClaimedDelivery) {
    const result = await attemptDelivery({
      url: delivery.url,
      eventId: delivery.eventId,
      body: delivery.body,
      secret: delivery.secret,
      timeoutMs: this.timeoutMs,
    });
    await this.lifecycle.settle(delivery, result);
  }
}
