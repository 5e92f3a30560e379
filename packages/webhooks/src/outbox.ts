import type { AttemptResult } from "./attempt-delivery";

/** A delivery taken from the outbox by one worker (leased: no other worker sends it meanwhile). */
export interface ClaimedDelivery {
  readonly id: string;
  readonly endpointId: string;
  readonly kind: "notification" | "ping";
  readonly url: string;
  readonly secret: string | null;
  /** The eventId, stable across the attempts of this delivery. */
  readonly eventId: string;
  readonly body: string;
  /** Attempts made before this one. */
  readonly attempts: number;
}

/** What becomes of a delivery after an attempt. */
export type DeliveryNext =
  | { readonly status: "delivered" }
  | { readonly status: "failed" }
  | { readonly status: "pending"; readonly nextAttemptAt: Date };

/**
 * The durable queue the worker runs on (a database table in the service). Claims are leases:
 * a claimed delivery is invisible to other workers until `leaseMs` has passed, so a worker that
 * dies mid-attempt only delays it.
 */
export interface Outbox {
  claimDue(now: Date, limit: number, leaseMs: number): Promise<ClaimedDelivery[]>;
  recordAttempt(
    delivery: ClaimedDelivery,
    attempt: AttemptResult,
    next: DeliveryNext,
    at: Date,
  ): Promise<unknown>;
}
