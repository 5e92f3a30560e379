import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { DatabaseSchema } from "./database-schema";
import type { Dialect } from "./open-storage";
import {
  type DeliveryKind,
  type DeliveryNextState,
  enqueued,
  REQUEUABLE,
  requeueRefusal,
} from "./webhook-delivery-states";

/** A delivery taken from the outbox by one worker (leased: no other worker sends it meanwhile). */
export interface ClaimedDelivery {
  readonly id: string;
  readonly endpointId: string;
  readonly kind: DeliveryKind;
  readonly url: string;
  readonly secret: string | null;
  /** The eventId, stable across the attempts (and redeliveries) of this delivery. */
  readonly eventId: string;
  readonly body: string;
  /** Attempts made before this one (since the delivery was last enqueued). */
  readonly attempts: number;
}

/** One attempt as recorded: how it ended, the HTTP status, latency and error text. */
export interface AttemptRecordInput {
  readonly outcome: "success" | "transient" | "permanent";
  readonly status: number | null;
  readonly latencyMs: number;
  readonly error: string | null;
}

/** What recording an attempt did to its endpoint. */
export interface EndpointEffect {
  /** This attempt made the endpoint flagged (it was not before). */
  readonly newlyFlagged: boolean;
  /** This attempt disabled the endpoint (it answered 410 Gone). */
  readonly disabled: boolean;
  readonly consecutivePingFailures: number;
  readonly consecutiveNotificationFailures: number;
}

/** A failed notification enqueued again (same eventId), and whether its endpoint can receive it. */
export interface Redelivery {
  readonly eventId: string;
  readonly endpointId: string;
  readonly endpointEnabled: boolean;
}

/** Why a delivery could not be enqueued again. */
export class RedeliveryRefusedError extends Error {
  override readonly name = "RedeliveryRefusedError";
}

export interface WebhookAttemptRecord {
  readonly eventId: string;
  readonly kind: string;
  readonly attempt: number;
  readonly at: string;
  readonly outcome: string;
  readonly status: number | null;
  readonly latencyMs: number;
  readonly error: string | null;
}

export interface WebhookDeliveryState {
  readonly eventId: string;
  readonly kind: string;
  readonly status: string;
  readonly attempts: number;
  readonly createdAt: string;
  /** When it last changed: for a failed delivery, when it failed. */
  readonly updatedAt: string;
  readonly nextAttemptAt: string | null;
  readonly lastStatus: number | null;
  readonly lastError: string | null;
}

/**
 * The durable outbox of webhook deliveries and the record of their attempts (docs/contract.md,
 * Events). The service's delivery worker (apps/api/src/webhooks) runs on it: claims are leases
 * taken by one UPDATE (with `FOR UPDATE SKIP LOCKED` on PostgreSQL), so several service instances
 * never send the same attempt. A delivery's state is only ever written as webhook-delivery-states.ts
 * decides: new rows and requeues are `enqueued`, requeues are guarded by `REQUEUABLE`, an attempt
 * records the next state its caller decided with `afterAttempt`. Bodies are built by the caller
 * (`@cartax/schemas` webhook payloads): this store keeps and sends the exact bytes.
 */
export class WebhookOutboxStore {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * One change notification per enabled endpoint of an active subscription, each with its own
   * eventId and the body `bodyFor(eventId)`, in one transaction; the running service's worker sends them.
   */
  async enqueueNotification(
    bodyFor: (eventId: string) => string,
  ): Promise<{ endpointId: string; eventId: string }[]> {
    const now = new Date();
    return this.db.transaction().execute(async (trx) => {
      const endpoints = await trx
        .selectFrom("webhook_endpoints")
        .innerJoin("subscriptions", "subscriptions.id", "webhook_endpoints.subscription_id")
        .select("webhook_endpoints.id")
        .where("webhook_endpoints.enabled", "=", 1)
        .where("subscriptions.active", "=", 1)
        .execute();
      const rows = endpoints.map((e) => {
        const eventId = randomUUID();
        return deliveryRow(eventId, e.id, "notification", bodyFor(eventId), now);
      });
      await insertDeliveries(trx, rows);
      return rows.map((r) => ({ endpointId: r.endpoint_id, eventId: r.id }));
    });
  }

  /**
   * Enqueues a ping for every enabled endpoint whose ping is due and moves its next ping one
   * interval on, in one transaction: a next ping moves on only with its ping enqueued. The UPDATE
   * claims each endpoint for exactly one instance.
   */
  async schedulePings(now: Date, intervalMs: number, bodyFor: (eventId: string) => string): Promise<number> {
    const at = now.toISOString();
    const next = new Date(now.getTime() + intervalMs).toISOString();
    // On SQLite a write waits for the write lock on the event loop (claimDue): no ping due, a
    // read and no write.
    if (this.dialect === "sqlite") {
      const any = await this.db
        .selectFrom("webhook_endpoints")
        .select("id")
        .where("enabled", "=", 1)
        .where("next_ping_at", "<=", at)
        .executeTakeFirst();
      if (any === undefined) return 0;
    }
    return this.db.transaction().execute(async (trx) => {
      const due = await trx
        .updateTable("webhook_endpoints")
        .set({ next_ping_at: next })
        .where("enabled", "=", 1)
        .where("next_ping_at", "<=", at)
        .returning("id")
        .execute();
      const rows = due.map((e) => {
        const eventId = randomUUID();
        return deliveryRow(eventId, e.id, "ping", bodyFor(eventId), now);
      });
      await insertDeliveries(trx, rows);
      return rows.length;
    });
  }

  async claimDue(now: Date, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    const at = now.toISOString();
    const lease = new Date(now.getTime() + leaseMs).toISOString();
    let due = this.db
      .selectFrom("webhook_deliveries")
      .select("id")
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", at)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", at)]))
      .where("endpoint_id", "in", (eb) =>
        eb.selectFrom("webhook_endpoints").select("id").where("enabled", "=", 1),
      )
      .orderBy("next_attempt_at")
      .limit(limit);
    if (this.dialect === "postgres") due = due.forUpdate().skipLocked();
    // A claim is a write. On SQLite a write waits for the write lock on the event loop (busy_timeout
    // is synchronous) while the writer thread commits audit records batch after batch: an idle
    // worker's poll every 500 ms stalled every request. Nothing due: a read, and no write.
    else if ((await due.executeTakeFirst()) === undefined) return [];
    const claimed = await this.db
      .updateTable("webhook_deliveries")
      .set({ locked_until: lease })
      .where("id", "in", due)
      .returning("id")
      .execute();
    if (claimed.length === 0) return [];
    const rows = await this.db
      .selectFrom("webhook_deliveries")
      .innerJoin("webhook_endpoints", "webhook_endpoints.id", "webhook_deliveries.endpoint_id")
      .select([
        "webhook_deliveries.id",
        "webhook_deliveries.endpoint_id",
        "webhook_deliveries.kind",
        "webhook_deliveries.body",
        "webhook_deliveries.attempts",
        "webhook_endpoints.url",
        "webhook_endpoints.secret",
      ])
      .where(
        "webhook_deliveries.id",
        "in",
        claimed.map((c) => c.id),
      )
      .execute();
    return rows.map((r) => ({
      id: r.id,
      endpointId: r.endpoint_id,
      kind: r.kind === "ping" ? "ping" : "notification",
      url: r.url,
      secret: r.secret,
      eventId: r.id,
      body: r.body,
      attempts: r.attempts,
    }));
  }

  /**
   * Records an attempt and the delivery's next state, in one transaction with what it means for
   * the endpoint: a ping counts in the run of failed pings, a notification that ended (delivered
   * or failed for good) in the run of failed notifications; the endpoint is flagged while either run
   * is at `flagThreshold` or more. `disableEndpoint` (a 410 Gone answer) disables it. An attempt
   * whose delivery is no longer in the state its claim saw (settled or requeued meanwhile) is
   * recorded and changes nothing else: undefined.
   */
  async recordAttempt(
    delivery: ClaimedDelivery,
    attempt: AttemptRecordInput,
    next: DeliveryNextState,
    at: Date,
    options: { readonly flagThreshold?: number; readonly disableEndpoint?: boolean } = {},
  ): Promise<EndpointEffect | undefined> {
    const now = at.toISOString();
    const threshold = options.flagThreshold ?? 3;
    return this.db.transaction().execute(async (trx) => {
      const recordTheAttempt = () =>
        trx
          .insertInto("webhook_attempts")
          .values({
            id: randomUUID(),
            delivery_id: delivery.id,
            endpoint_id: delivery.endpointId,
            kind: delivery.kind,
            attempt: delivery.attempts + 1,
            at: now,
            outcome: attempt.outcome,
            status: attempt.status,
            latency_ms: attempt.latencyMs,
            error: attempt.error,
          })
          .execute();
      // Only from the state the claim saw: still pending, with the attempts it counted. A worker
      // whose lease ran out while it waited for the receiver may find the delivery taken over and
      // settled by another, or requeued: its attempt stays on record (it happened) but moves
      // nothing (webhook-delivery-states.ts); if the endpoint was removed meanwhile, with its
      // deliveries, there is nothing left to record it against.
      const moved = await trx
        .updateTable("webhook_deliveries")
        .set({
          attempts: delivery.attempts + 1,
          status: next.status,
          next_attempt_at: next.status === "pending" ? next.nextAttemptAt.toISOString() : now,
          locked_until: null,
          last_status: attempt.status,
          last_error: attempt.error,
          updated_at: now,
        })
        .where("id", "=", delivery.id)
        .where("status", "=", "pending")
        .where("attempts", "=", delivery.attempts)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) {
        const still = await trx
          .selectFrom("webhook_deliveries")
          .select("id")
          .where("id", "=", delivery.id)
          .executeTakeFirst();
        if (still) await recordTheAttempt();
        return undefined;
      }
      await recordTheAttempt();
      // A notification still being retried says nothing yet about the endpoint.
      if (next.status === "pending" && !options.disableEndpoint) return undefined;
      const column =
        delivery.kind === "ping" ? "consecutive_ping_failures" : "consecutive_notification_failures";
      const endpoint = await trx
        .updateTable("webhook_endpoints")
        .set((eb) => ({
          [column]: next.status === "delivered" ? 0 : eb(column, "+", 1),
          ...(options.disableEndpoint ? { enabled: 0 } : {}),
          updated_at: now,
        }))
        .where("id", "=", delivery.endpointId)
        .returning(["consecutive_ping_failures", "consecutive_notification_failures", "flagged", "enabled"])
        .executeTakeFirst();
      if (!endpoint) return undefined;
      const flagged =
        endpoint.consecutive_ping_failures >= threshold ||
        endpoint.consecutive_notification_failures >= threshold;
      if (flagged !== (endpoint.flagged === 1)) {
        await trx
          .updateTable("webhook_endpoints")
          .set({ flagged: flagged ? 1 : 0 })
          .where("id", "=", delivery.endpointId)
          .execute();
      }
      return {
        newlyFlagged: flagged && endpoint.flagged !== 1,
        disabled: options.disableEndpoint === true,
        consecutivePingFailures: endpoint.consecutive_ping_failures,
        consecutiveNotificationFailures: endpoint.consecutive_notification_failures,
      };
    });
  }

  /**
   * Enqueues a failed notification again, same eventId and body, due now with a fresh run of
   * attempts (the receiver's dedupe of eventIds makes this safe). Refuses pings (the next ping
   * follows anyway) and deliveries that are not failed; undefined when there is no such eventId.
   */
  async redeliver(eventId: string, now: Date = new Date()): Promise<Redelivery | undefined> {
    const row = await this.deliveryState(eventId);
    if (!row) return undefined;
    const refused = requeueRefusal(eventId, row);
    if (refused) throw new RedeliveryRefusedError(refused);
    const requeued = await this.requeue(now, { eventId });
    if (requeued.length === 0) {
      // Moved (or removed) between the read and the guarded UPDATE: say where it is now.
      const status = (await this.deliveryState(eventId))?.status ?? "removed";
      throw new RedeliveryRefusedError(
        requeueRefusal(eventId, { ...row, status }) ?? `delivery ${eventId} is ${status}`,
      );
    }
    return { eventId, endpointId: row.endpoint_id, endpointEnabled: row.enabled === 1 };
  }

  /** Enqueues again every notification of an endpoint that failed (for good) at or after `since`. */
  async recover(endpointId: string, since: Date, now: Date = new Date()): Promise<Redelivery[]> {
    const endpoint = await this.db
      .selectFrom("webhook_endpoints")
      .select("enabled")
      .where("id", "=", endpointId)
      .executeTakeFirst();
    if (!endpoint) return [];
    const ids = await this.requeue(now, { endpointId, since });
    return ids.map((eventId) => ({ eventId, endpointId, endpointEnabled: endpoint.enabled === 1 }));
  }

  private deliveryState(eventId: string) {
    return this.db
      .selectFrom("webhook_deliveries")
      .innerJoin("webhook_endpoints", "webhook_endpoints.id", "webhook_deliveries.endpoint_id")
      .select([
        "webhook_deliveries.kind",
        "webhook_deliveries.status",
        "webhook_deliveries.endpoint_id",
        "webhook_endpoints.enabled",
      ])
      .where("webhook_deliveries.id", "=", eventId)
      .executeTakeFirst();
  }

  /** Puts requeuable deliveries back in the outbox (webhook-delivery-states.ts: which, and how). */
  private async requeue(
    now: Date,
    which: { readonly eventId: string } | { readonly endpointId: string; readonly since: Date },
  ): Promise<string[]> {
    const at = now.toISOString();
    const state = enqueued(now);
    // One UPDATE guarded by the requeuable state: a delivery being sent or retried is never touched.
    let query = this.db
      .updateTable("webhook_deliveries")
      .set({
        status: state.status,
        attempts: state.attempts,
        next_attempt_at: state.nextAttemptAt.toISOString(),
        locked_until: null,
        updated_at: at,
      })
      .where("status", "=", REQUEUABLE.status)
      .where("kind", "=", REQUEUABLE.kind);
    query =
      "eventId" in which
        ? query.where("id", "=", which.eventId)
        : query
            .where("endpoint_id", "=", which.endpointId)
            .where("updated_at", ">=", which.since.toISOString());
    const rows = await query.returning("id").execute();
    return rows.map((r) => r.id);
  }

  /** Deliveries still waiting to be sent (or retried). */
  async pendingCount(): Promise<number> {
    const row = await this.db
      .selectFrom("webhook_deliveries")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("status", "=", "pending")
      .executeTakeFirst();
    // PostgreSQL returns count(*) as a string (bigint), SQLite as a number.
    return Number(row?.n ?? 0);
  }

  /** The latest attempts of one kind of delivery of an endpoint, newest first. */
  async recentAttempts(
    endpointId: string,
    options: { readonly kind?: DeliveryKind; readonly limit?: number } = {},
  ): Promise<WebhookAttemptRecord[]> {
    let query = this.db
      .selectFrom("webhook_attempts")
      .selectAll()
      .where("endpoint_id", "=", endpointId)
      .orderBy("at", "desc")
      .orderBy("attempt", "desc")
      .limit(options.limit ?? 10);
    if (options.kind) query = query.where("kind", "=", options.kind);
    const rows = await query.execute();
    return rows.map((r) => ({
      eventId: r.delivery_id,
      kind: r.kind,
      attempt: r.attempt,
      at: r.at,
      outcome: r.outcome,
      status: r.status,
      latencyMs: r.latency_ms,
      error: r.error,
    }));
  }

  /**
   * Deliveries of an endpoint, newest first (pending ones show when they are due next), of one
   * kind: notifications and pings are listed apart so that frequent pings never push a
   * notification out of view. `status: "failed"` lists the failed ones only.
   */
  async recentDeliveries(
    endpointId: string,
    options: { readonly kind?: DeliveryKind; readonly status?: "failed"; readonly limit?: number } = {},
  ): Promise<WebhookDeliveryState[]> {
    let query = this.db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("endpoint_id", "=", endpointId)
      .orderBy("created_at", "desc")
      .orderBy("id")
      .limit(options.limit ?? 10);
    if (options.kind) query = query.where("kind", "=", options.kind);
    if (options.status) query = query.where("status", "=", options.status);
    const rows = await query.execute();
    return rows.map((r) => ({
      eventId: r.id,
      kind: r.kind,
      status: r.status,
      attempts: r.attempts,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      nextAttemptAt: r.status === "pending" ? r.next_attempt_at : null,
      lastStatus: r.last_status,
      lastError: r.last_error,
    }));
  }
}

/** A new outbox row: the delivery `enqueued` (webhook-delivery-states.ts), with its body. */
function deliveryRow(id: string, endpointId: string, kind: DeliveryKind, body: string, now: Date) {
  const state = enqueued(now);
  const at = now.toISOString();
  return {
    id,
    endpoint_id: endpointId,
    kind,
    body,
    status: state.status,
    attempts: state.attempts,
    next_attempt_at: state.nextAttemptAt.toISOString(),
    locked_until: null,
    last_status: null,
    last_error: null,
    created_at: at,
    updated_at: at,
  };
}

/** Inserts outbox rows 500 at a time (a statement's parameters stay well under SQLite's and PostgreSQL's limits). */
async function insertDeliveries(trx: Transaction<DatabaseSchema>, rows: ReturnType<typeof deliveryRow>[]) {
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto("webhook_deliveries")
      .values(rows.slice(i, i + 500))
      .execute();
  }
}
