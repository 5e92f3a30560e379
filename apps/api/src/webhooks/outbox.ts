import type { ClaimedDelivery, DeliveryNextState, EndpointEffect } from "@cartax/storage";
import type { AttemptResult } from "./attempt-delivery";

export type { ClaimedDelivery, DeliveryNextState, EndpointEffect };

/**
 * The durable queue the worker runs on (`storage.webhooks`: `WebhookOutboxStore` of @cartax/storage
 * in the service; an array in tests and benchmarks). Claims are leases: a claimed delivery is invisible to other workers
 * until `leaseMs` has passed, so a worker that dies mid-attempt only delays it.
 */
export interface Outbox {
  claimDue(now: Date, limit: number, leaseMs: number): Promise<ClaimedDelivery[]>;
  /** Records the attempt and the delivery's next state (and what it means for the endpoint). */
  recordAttempt(
    delivery: ClaimedDelivery,
    attempt: AttemptResult,
    next: DeliveryNextState,
    at: Date,
    options: { readonly flagThreshold?: number; readonly disableEndpoint?: boolean },
  ): Promise<EndpointEffect | undefined>;
}
