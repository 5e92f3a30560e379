/**
 * The states of a webhook delivery and every move between them, decided here and nowhere else
 * (docs/contract.md, Events). A delivery is one row of the outbox (`webhook_deliveries`); its id is
 * the eventId, the same on every attempt and every redelivery. The outbox store
 * (webhook-outbox-store.ts) writes the states these functions return and guards its updates with
 * the states they allow; the service's delivery lifecycle (apps/api/src/webhooks/delivery-lifecycle.ts)
 * applies `afterAttempt` to each attempt with its retry schedule and reports it. They sit in the
 * storage package because the operator CLI, which depends on storage and not on the service, moves
 * deliveries too (`cartax webhook redeliver|recover`).
 *
 * ```text
 *   cartax notify / ping schedule  (enqueued)
 *                │
 *                ▼
 *   ┌────────▶ pending ──── attempt: 2xx ───────────────────────────────▶ delivered
 *   │           │   │
 *   │           │   └── attempt: transient (network error, timeout, 5xx, 408, 429)
 *   │           │       and attempts left ──▶ pending again, due at the retry schedule's time
 *   │           │
 *   │           └────── attempt: permanent (4xx but 408/429, a redirect),
 *   │                   410 Gone (the endpoint is disabled too),
 *   │                   or transient with no attempt left ───────────────▶ failed
 *   │                                                                       │
 *   └──────── cartax webhook redeliver EVENT_ID | recover ENDPOINT_ID ──────┘
 *             (requeue: notifications only; same eventId, attempts counted afresh)
 * ```
 *
 * Pings get one attempt (the next ping follows); notifications as many as the retry schedule
 * allows (3 at most, the spec's limit). Leaving `pending` for `delivered` or `failed` is a
 * settlement: it moves the endpoint's run of failures of that kind (webhook-outbox-store.ts).
 *
 * Around these moves, and moving no state: a worker claims a due `pending` delivery with a lease
 * (`locked_until`: the receiver's timeout plus 30 s); other workers skip it until the lease runs
 * out, so a worker that dies mid-attempt only delays it. An attempt is recorded only against the
 * state its claim saw (still `pending`, the same count of attempts): one that comes back after its
 * lease ran out and the delivery was settled or requeued by another worker stays on record and
 * moves nothing. While its endpoint is disabled (`cartax webhook disable`, or a 410) a `pending`
 * delivery waits, unclaimed, until the endpoint is enabled; notifications are not enqueued for a
 * disabled endpoint at all. Removing an endpoint (`cartax webhook remove`) deletes its deliveries
 * and their attempts with it.
 */
export type DeliveryState = "pending" | "delivered" | "failed";

export type DeliveryKind = "notification" | "ping";

/** The state a delivery moves to after an attempt. */
export type DeliveryNextState =
  | { readonly status: "delivered" }
  | { readonly status: "failed" }
  | { readonly status: "pending"; readonly nextAttemptAt: Date };

/** A delivery entering the outbox, or entering it again: pending, due at `at`, no attempt counted. */
export interface Enqueued {
  readonly status: "pending";
  readonly attempts: 0;
  readonly nextAttemptAt: Date;
}

/** A new notification or ping, or a requeued notification (same eventId, attempts counted afresh). */
export const enqueued = (at: Date): Enqueued => ({ status: "pending", attempts: 0, nextAttemptAt: at });

/** How one attempt ended (apps/api/src/webhooks/attempt-delivery.ts classifies the answer). */
export interface AttemptOutcome {
  readonly outcome: "success" | "transient" | "permanent";
  readonly status: number | null;
}

/** The decision after one attempt. */
export interface Transition {
  readonly next: DeliveryNextState;
  /** The receiver answered 410 Gone: the endpoint is disabled (Standard Webhooks). */
  readonly gone: boolean;
}

/** How many attempts a notification gets, and when the next one is due after attempt `attempt` failed. */
export interface AttemptSchedule {
  readonly notificationAttempts: number;
  /** Asked only when there is a next attempt. */
  retryAt(attempt: number): Date;
}

/** Where one attempt takes a pending delivery. */
export function afterAttempt(
  delivery: { readonly kind: DeliveryKind; readonly attempts: number },
  result: AttemptOutcome,
  schedule: AttemptSchedule,
): Transition {
  const attempt = delivery.attempts + 1;
  const gone = result.status === 410;
  if (result.outcome === "success") return { next: { status: "delivered" }, gone };
  const allowed = delivery.kind === "ping" ? 1 : schedule.notificationAttempts;
  if (result.outcome === "permanent" || gone || attempt >= allowed)
    return { next: { status: "failed" }, gone };
  return { next: { status: "pending", nextAttemptAt: schedule.retryAt(attempt) }, gone };
}

/** The deliveries that can be enqueued again: failed notifications (a failed ping is followed by the next ping). */
export const REQUEUABLE = { status: "failed", kind: "notification" } as const satisfies {
  status: DeliveryState;
  kind: DeliveryKind;
};

/** Why a delivery cannot be enqueued again; undefined when it can. */
export function requeueRefusal(
  eventId: string,
  delivery: { readonly kind: string; readonly status: string },
): string | undefined {
  if (delivery.kind !== REQUEUABLE.kind) return `${eventId} is a ping: pings are not redelivered`;
  if (delivery.status !== REQUEUABLE.status)
    return `delivery ${eventId} is ${delivery.status}: only failed deliveries are redelivered`;
  return undefined;
}
