import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "./database-schema";

/** The answer kept for an idempotency key: what a retry gets back. */
export interface KeptAnswer {
  readonly status: number;
  /** The headers that matter to a client, in the order they were sent. */
  readonly headers: readonly (readonly [string, string])[];
  /** The body as sent, before any content coding. */
  readonly body: Uint8Array<ArrayBuffer>;
}

/** What a request with an idempotency key finds. */
export type IdempotencyClaim =
  /** The key is this request's: run it, then `complete` or `release` it with this claim. */
  | { readonly kind: "claimed"; readonly claim: string }
  /** The key was used by a request with another fingerprint (another body, path or method). */
  | { readonly kind: "mismatch" }
  /** The key's first request is still running. */
  | { readonly kind: "inFlight" }
  /** The key's first request was answered: this is its answer. */
  | { readonly kind: "replay"; readonly answer: KeptAnswer };

/**
 * Idempotency keys of POST requests, per subscription (table `idempotency_keys`). A key is claimed
 * by inserting its row: the primary key (subscription, key) lets one of two concurrent requests
 * in, on SQLite and PostgreSQL alike. The claim lives `claimMs` (a request that never completes,
 * e.g. its process died, frees its key then); `complete` keeps the answer until its own expiry.
 * A row past its expiry is as if absent: the next request claims the key anew, and `sweep`
 * deletes it.
 */
export class IdempotencyStore {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async claim(
    subscriptionId: string,
    key: string,
    fingerprint: string,
    claimMs: number,
    now = new Date(),
  ): Promise<IdempotencyClaim> {
    const nowText = now.toISOString();
    // Twice at most: an expired row is deleted once and the insert tried again; a third request
    // that claimed in between wins, and this one finds its row.
    for (let attempt = 0; attempt < 2; attempt++) {
      const claim = randomUUID();
      const inserted = await this.db
        .insertInto("idempotency_keys")
        .values({
          subscription_id: subscriptionId,
          idempotency_key: key,
          fingerprint,
          claim,
          status: null,
          headers: null,
          body: null,
          created_at: nowText,
          expires_at: new Date(now.getTime() + claimMs).toISOString(),
        })
        .onConflict((oc) => oc.columns(["subscription_id", "idempotency_key"]).doNothing())
        .returning("claim")
        .executeTakeFirst();
      if (inserted) return { kind: "claimed", claim };
      const row = await this.db
        .selectFrom("idempotency_keys")
        .selectAll()
        .where("subscription_id", "=", subscriptionId)
        .where("idempotency_key", "=", key)
        .executeTakeFirst();
      if (!row) continue;
      if (row.expires_at <= nowText) {
        await this.db
          .deleteFrom("idempotency_keys")
          .where("subscription_id", "=", subscriptionId)
          .where("idempotency_key", "=", key)
          .where("claim", "=", row.claim)
          .execute();
        continue;
      }
      if (row.fingerprint !== fingerprint) return { kind: "mismatch" };
      if (row.status === null || row.body === null) return { kind: "inFlight" };
      return {
        kind: "replay",
        answer: {
          status: row.status,
          headers: JSON.parse(row.headers ?? "[]") as [string, string][],
          body: new Uint8Array(row.body),
        },
      };
    }
    return { kind: "inFlight" };
  }

  /**
   * Keeps the answer of the claim's request until `expiresAt`. False when the claim is no longer
   * this request's (it outlived `claimMs` and another request took the key): nothing is kept.
   */
  async complete(
    subscriptionId: string,
    key: string,
    claim: string,
    answer: KeptAnswer,
    expiresAt: Date,
  ): Promise<boolean> {
    const updated = await this.db
      .updateTable("idempotency_keys")
      .set({
        status: answer.status,
        headers: JSON.stringify(answer.headers),
        body: answer.body,
        expires_at: expiresAt.toISOString(),
      })
      .where("subscription_id", "=", subscriptionId)
      .where("idempotency_key", "=", key)
      .where("claim", "=", claim)
      .where("status", "is", null)
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n;
  }

  /** Frees the key of a request that failed (5xx, thrown): a retry runs anew. */
  async release(subscriptionId: string, key: string, claim: string): Promise<void> {
    await this.db
      .deleteFrom("idempotency_keys")
      .where("subscription_id", "=", subscriptionId)
      .where("idempotency_key", "=", key)
      .where("claim", "=", claim)
      .where("status", "is", null)
      .execute();
  }

  /** Deletes every key past its expiry (the background job); returns how many. */
  async sweep(now = new Date()): Promise<number> {
    const deleted = await this.db
      .deleteFrom("idempotency_keys")
      .where("expires_at", "<=", now.toISOString())
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }
}
