import { afterAttempt, type DeliveryState, type Transition } from "@cartax/storage";
import type { AttemptResult } from "./attempt-delivery";
import type { ClaimedDelivery, DeliveryNextState, EndpointEffect, Outbox } from "./outbox";
import { maxAttempts, type RetryPolicy, retryDelay } from "./retry-policy";

/**
 * The service's side of a webhook delivery's lifecycle. The states and every move between them
 * (pending → delivered | failed | pending again; failed notifications requeued by `cartax webhook
 * redeliver|recover`) are decided in one place, `webhook-delivery-states.ts` of @cartax/storage
 * (there because the operator CLI, which depends on storage and not on this service, moves
 * deliveries too); the outbox writes only what it decides. Here each attempt is taken through
 * `afterAttempt` with the retry schedule (retry-policy.ts: `delaysMs.length + 1` attempts, 3 at
 * most, each delay ±20 %, or Retry-After when longer), recorded, and reported.
 *
 * Leaving `pending` for `delivered` or `failed` is a settlement: it is counted in
 * `cartax_webhook_deliveries_total{kind,outcome}`, and it moves the endpoint's run of failures of
 * that kind (pings and notifications apart; either run at the threshold flags the endpoint). A
 * notification that fails logs a warn line.
 */
export type { DeliveryState, Transition };

/** Where one attempt takes a delivery under the retry policy (pure: the clock is `now`). */
export function transition(
  delivery: Pick<ClaimedDelivery, "kind" | "attempts">,
  result: AttemptResult,
  policy: RetryPolicy,
  now: number,
  random: () => number = Math.random,
): Transition {
  return afterAttempt(delivery, result, {
    notificationAttempts: maxAttempts(policy),
    retryAt: (attempt) => new Date(now + retryDelay(policy, attempt, result.retryAfterMs, random)),
  });
}

/** One attempt, recorded, with what it did to the delivery and its endpoint. */
export interface Settled {
  readonly delivery: ClaimedDelivery;
  readonly result: AttemptResult;
  readonly next: DeliveryNextState;
  readonly endpoint: EndpointEffect | undefined;
}

/** What the service does with each recorded attempt: log lines and the counter. */
export interface LifecycleReporter {
  /** Logger methods (pino's shape); fields never hold a secret or an endpoint URL. */
  readonly log: {
    info(fields: object, message: string): void;
    warn(fields: object, message: string): void;
  };
  /** Counts a delivery that left `pending` (`cartax_webhook_deliveries_total`). */
  countSettled(kind: ClaimedDelivery["kind"], outcome: "delivered" | "failed"): void;
}

export interface LifecycleOptions {
  readonly retry: RetryPolicy;
  /** Consecutive failed pings, or notifications, that flag an endpoint. */
  readonly flagThreshold: number;
  readonly reporter?: LifecycleReporter;
}

/** Applies `transition` to each attempt, records it in the outbox and reports it. */
export class DeliveryLifecycle {
  constructor(
    private readonly outbox: Outbox,
    private readonly options: LifecycleOptions,
  ) {}

  async settle(delivery: ClaimedDelivery, result: AttemptResult, at: Date = new Date()): Promise<Settled> {
    const { next, gone } = transition(delivery, result, this.options.retry, at.getTime());
    const endpoint = await this.outbox.recordAttempt(delivery, result, next, at, {
      flagThreshold: this.options.flagThreshold,
      disableEndpoint: gone,
    });
    const settled = { delivery, result, next, endpoint };
    if (this.options.reporter) report(settled, this.options.reporter);
    return settled;
  }
}

function report({ delivery, result, next, endpoint }: Settled, reporter: LifecycleReporter) {
  // The endpoint id, never its URL (it may carry a token) nor its secret.
  const fields = {
    endpointId: delivery.endpointId,
    eventId: delivery.eventId,
    kind: delivery.kind,
    attempt: delivery.attempts + 1,
    outcome: result.outcome,
    status: result.status,
    latencyMs: result.latencyMs,
    error: result.error,
    next: next.status,
  };
  reporter.log.info(fields, "webhook attempt");
  if (next.status !== "pending") reporter.countSettled(delivery.kind, next.status);
  if (next.status === "failed" && delivery.kind === "notification") {
    reporter.log.warn(
      { ...fields, attempts: delivery.attempts + 1 },
      "webhook delivery failed: enqueue it again with cartax webhook redeliver EVENT_ID",
    );
  }
  if (endpoint?.disabled) {
    reporter.log.warn(
      { endpointId: delivery.endpointId, status: result.status },
      "webhook endpoint disabled: it answered 410 Gone",
    );
  }
  if (endpoint?.newlyFlagged) {
    reporter.log.warn(
      {
        endpointId: delivery.endpointId,
        consecutivePingFailures: endpoint.consecutivePingFailures,
        consecutiveNotificationFailures: endpoint.consecutiveNotificationFailures,
      },
      "webhook endpoint flagged: its deliveries keep failing",
    );
  }
}
