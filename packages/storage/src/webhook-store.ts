import { randomBytes, randomUUID } from "node:crypto";
import {
  type AttemptResult,
  type ClaimedDelivery,
  changeNotification,
  type DeliveryNext,
  type Outbox,
  ping,
  type UpdatedCalculation,
} from "@cartax/webhooks";
import type { Kysely, Selectable } from "kysely";
import type { DatabaseSchema, WebhookEndpointTable } from "./database-schema";
import type { Dialect } from "./open-storage";

/** An endpoint as the operator sees it: never its secret. */
export interface WebhookEndpoint {
  readonly id: string;
  readonly subscriptionId: string;
  readonly url: string;
  readonly signed: boolean;
  readonly enabled: boolean;
  readonly flagged: boolean;
  readonly consecutivePingFailures: number;
  readonly createdAt: string;
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
  readonly nextAttemptAt: string | null;
  readonly lastStatus: number | null;
  readonly lastError: string | null;
}

/** Thrown for an endpoint URL that is not http(s). */
export class InvalidWebhookUrlError extends Error {
  override readonly name = "InvalidWebhookUrlError";
}

const toEndpoint = (row: Selectable<WebhookEndpointTable>): WebhookEndpoint => ({
  id: row.id,
  subscriptionId: row.subscription_id,
  url: row.url,
  signed: row.secret !== null,
  enabled: row.enabled === 1,
  flagged: row.flagged === 1,
  consecutivePingFailures: row.consecutive_ping_failures,
  createdAt: row.created_at,
});

/** A new shared secret: 32 random bytes, `whsec_` and base64url. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/**
 * Webhook endpoints and the durable outbox of their deliveries (docs/contract.md, Events). The
 * outbox side implements `Outbox` of @cartax/webhooks: claims are leases taken by one UPDATE (with
 * `FOR UPDATE SKIP LOCKED` on PostgreSQL), so several service instances never send the same attempt.
 */
export class WebhookStore implements Outbox {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly dialect: Dialect,
  ) {}

  /** Registers an endpoint; its first liveness ping is due `firstPingInMs` later (default at once). */
  async addEndpoint(input: {
    subscriptionId: string;
    url: string;
    secret?: string | null;
    firstPingInMs?: number;
  }): Promise<WebhookEndpoint> {
    let url: URL;
    try {
      url = new URL(input.url);
    } catch {
      throw new InvalidWebhookUrlError(`not a URL: ${input.url}`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new InvalidWebhookUrlError(`only http and https URLs can receive webhooks, not ${url.protocol}`);
    }
    const now = new Date().toISOString();
    const row = {
      id: randomUUID(),
      subscription_id: input.subscriptionId,
      url: url.toString(),
      secret: input.secret ?? null,
      enabled: 1,
      consecutive_ping_failures: 0,
      flagged: 0,
      next_ping_at: new Date(Date.parse(now) + (input.firstPingInMs ?? 0)).toISOString(),
      created_at: now,
      updated_at: now,
    };
    await this.db.insertInto("webhook_endpoints").values(row).execute();
    return toEndpoint(row);
  }

  async listEndpoints(): Promise<WebhookEndpoint[]> {
    const rows = await this.db
      .selectFrom("webhook_endpoints")
      .selectAll()
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return rows.map(toEndpoint);
  }

  async getEndpoint(id: string): Promise<WebhookEndpoint | undefined> {
    const row = await this.db
      .selectFrom("webhook_endpoints")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return row && toEndpoint(row);
  }

  async setEnabled(id: string, enabled: boolean): Promise<WebhookEndpoint | undefined> {
    await this.db
      .updateTable("webhook_endpoints")
      .set({ enabled: enabled ? 1 : 0, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    return this.getEndpoint(id);
  }

  /** Removes the endpoint with its outbox rows and history. */
  async removeEndpoint(id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("webhook_attempts").where("endpoint_id", "=", id).execute();
      await trx.deleteFrom("webhook_deliveries").where("endpoint_id", "=", id).execute();
      const result = await trx.deleteFrom("webhook_endpoints").where("id", "=", id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    });
  }

  /**
   * One change notification per enabled endpoint of an active subscription, each with its own
   * eventId, in one transaction; the running service's worker sends them.
   */
  async enqueueNotification(
    types: readonly UpdatedCalculation[],
  ): Promise<{ endpointId: string; eventId: string }[]> {
    const now = new Date().toISOString();
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
        return this.deliveryRow(
          eventId,
          e.id,
          "notification",
          JSON.stringify(changeNotification(eventId, types)),
          now,
        );
      });
      for (let i = 0; i < rows.length; i += 500) {
        await trx
          .insertInto("webhook_deliveries")
          .values(rows.slice(i, i + 500))
          .execute();
      }
      return rows.map((r) => ({ endpointId: r.endpoint_id, eventId: r.id }));
    });
  }

  /**
   * Enqueues a ping for every enabled endpoint whose ping is due and moves its next ping one
   * interval on. The UPDATE claims each endpoint for exactly one instance.
   */
  async schedulePings(now: Date, intervalMs: number): Promise<number> {
    const at = now.toISOString();
    const next = new Date(now.getTime() + intervalMs).toISOString();
    const due = await this.db
      .updateTable("webhook_endpoints")
      .set({ next_ping_at: next })
      .where("enabled", "=", 1)
      .where("next_ping_at", "<=", at)
      .returning("id")
      .execute();
    if (due.length === 0) return 0;
    const rows = due.map((e) => {
      const eventId = randomUUID();
      return this.deliveryRow(eventId, e.id, "ping", JSON.stringify(ping(eventId)), at);
    });
    await this.db.insertInto("webhook_deliveries").values(rows).execute();
    return rows.length;
  }

  private deliveryRow(
    id: string,
    endpointId: string,
    kind: "notification" | "ping",
    body: string,
    now: string,
  ) {
    return {
      id,
      endpoint_id: endpointId,
      kind,
      body,
      status: "pending",
      attempts: 0,
      next_attempt_at: now,
      locked_until: null,
      last_status: null,
      last_error: null,
      created_at: now,
      updated_at: now,
    };
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
   * Records an attempt and the delivery's next state; for pings, counts consecutive failures and
   * flags the endpoint when they reach `pingFlagThreshold` (a success clears both). Returns the
   * endpoint's ping state when this attempt flagged it.
   */
  async recordAttempt(
    delivery: ClaimedDelivery,
    attempt: AttemptResult,
    next: DeliveryNext,
    at: Date,
    pingFlagThreshold = 3,
  ): Promise<{ newlyFlagged: boolean; consecutivePingFailures: number } | undefined> {
    const now = at.toISOString();
    return this.db.transaction().execute(async (trx) => {
      await trx
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
      await trx
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
        .execute();
      if (delivery.kind !== "ping") return undefined;
      if (attempt.outcome === "success") {
        await trx
          .updateTable("webhook_endpoints")
          .set({ consecutive_ping_failures: 0, flagged: 0, updated_at: now })
          .where("id", "=", delivery.endpointId)
          .execute();
        return undefined;
      }
      const endpoint = await trx
        .updateTable("webhook_endpoints")
        .set((eb) => ({
          consecutive_ping_failures: eb("consecutive_ping_failures", "+", 1),
          updated_at: now,
        }))
        .where("id", "=", delivery.endpointId)
        .returning(["consecutive_ping_failures", "flagged"])
        .executeTakeFirst();
      if (!endpoint || endpoint.flagged === 1 || endpoint.consecutive_ping_failures < pingFlagThreshold)
        return undefined;
      await trx
        .updateTable("webhook_endpoints")
        .set({ flagged: 1 })
        .where("id", "=", delivery.endpointId)
        .execute();
      return { newlyFlagged: true, consecutivePingFailures: endpoint.consecutive_ping_failures };
    });
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

  /** The latest attempts (notifications and pings) of an endpoint, newest first. */
  async recentAttempts(endpointId: string, limit = 10): Promise<WebhookAttemptRecord[]> {
    const rows = await this.db
      .selectFrom("webhook_attempts")
      .selectAll()
      .where("endpoint_id", "=", endpointId)
      .orderBy("at", "desc")
      .orderBy("attempt", "desc")
      .limit(limit)
      .execute();
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

  /** Deliveries of an endpoint, newest first (pending ones show when they are due next). */
  async recentDeliveries(endpointId: string, limit = 10): Promise<WebhookDeliveryState[]> {
    const rows = await this.db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("endpoint_id", "=", endpointId)
      .orderBy("created_at", "desc")
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      eventId: r.id,
      kind: r.kind,
      status: r.status,
      attempts: r.attempts,
      nextAttemptAt: r.status === "pending" ? r.next_attempt_at : null,
      lastStatus: r.last_status,
      lastError: r.last_error,
    }));
  }
}
