import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { DatabaseSchema, WebhookEndpointTable } from "./database-schema";

/** An endpoint as the operator sees it: never its secret. */
export interface WebhookEndpoint {
  readonly id: string;
  readonly subscriptionId: string;
  readonly url: string;
  readonly signed: boolean;
  readonly enabled: boolean;
  readonly flagged: boolean;
  readonly consecutivePingFailures: number;
  readonly consecutiveNotificationFailures: number;
  readonly createdAt: string;
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
  consecutiveNotificationFailures: row.consecutive_notification_failures,
  createdAt: row.created_at,
});

/**
 * A new shared secret: 32 random bytes, `whsec_` and standard base64, as the Standard Webhooks
 * specification serialises a signing secret, so that its libraries take it as it is (the key of
 * `webhook-signature` is those bytes; `X-Service-Signature-256` keys with the whole string).
 * Secrets generated before were base64url: `standardWebhookKey` of @cartax/webhooks reads both.
 */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/**
 * The webhook endpoints the operator registers (`cartax webhook add|list|disable|enable|remove`,
 * docs/contract.md, Events): where deliveries go, with their secret, switch, health (runs of failed
 * pings and notifications, flagged) and ping schedule. Their deliveries are in the outbox
 * (webhook-outbox-store.ts).
 */
export class WebhookEndpointStore {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

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
      consecutive_notification_failures: 0,
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
}
