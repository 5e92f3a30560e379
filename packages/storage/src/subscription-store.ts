import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { DatabaseSchema, SubscriptionTable } from "./database-schema";
import type { Environment } from "./environment";
import { type ChangeCounter, compiledQuery, type DirectReader } from "./fast-path/compiled-query";
import { generateSubscriptionKey, hashSubscriptionKey, isKeyOf, sameDigest } from "./subscription-key";

/** A subscription as the service and the operator see it; it never holds a key. */
export interface Subscription {
  readonly id: string;
  readonly ownerId: string;
  readonly name: string;
  readonly environment: Environment;
  readonly active: boolean;
  readonly calculationAccess: boolean;
  /** The caller sends prices including VAT: stored catalog prices are divided by 1.21. */
  readonly pricesIncludeVat: boolean;
  /** At most `requests` requests per `windowSeconds`; null: no limit (the default). */
  readonly rateLimit: RateLimit | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A fixed-window rate limit (`cartax subscription limit ID --requests N --per SECONDS`). */
export interface RateLimit {
  readonly requests: number;
  readonly windowSeconds: number;
}

export interface NewSubscription {
  readonly name: string;
  readonly environment: Environment;
  readonly calculationAccess?: boolean;
  readonly pricesIncludeVat?: boolean;
  readonly active?: boolean;
  /** An existing account; a new account is created when absent. */
  readonly ownerId?: string;
}

export interface CreatedSubscription {
  readonly subscription: Subscription;
  /** The keys in clear: shown once, never stored. */
  readonly primaryKey: string;
  readonly secondaryKey: string;
}

export type SubscriptionPatch = Partial<
  Pick<Subscription, "active" | "calculationAccess" | "pricesIncludeVat">
>;

export type KeySlot = "primary" | "secondary";

/** Thrown by `create` when `ownerId` names no account. */
export class UnknownAccountError extends Error {
  override readonly name = "UnknownAccountError";
}

const toRateLimit = (row: Partial<Selectable<SubscriptionTable>>): RateLimit | null =>
  row.rate_limit_requests != null && row.rate_limit_window_seconds != null
    ? { requests: row.rate_limit_requests, windowSeconds: row.rate_limit_window_seconds }
    : null;

const toSubscription = (
  row: Omit<Selectable<SubscriptionTable>, "rate_limit_requests" | "rate_limit_window_seconds"> &
    Partial<Selectable<SubscriptionTable>>,
): Subscription => ({
  id: row.id,
  ownerId: row.owner_id,
  name: row.name,
  environment: row.environment as Environment,
  active: row.active === 1,
  calculationAccess: row.calculation_access === 1,
  pricesIncludeVat: row.prices_include_vat === 1,
  rateLimit: toRateLimit(row),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const flag = (value: boolean | undefined): number | undefined =>
  value === undefined ? undefined : value ? 1 : 0;

/** Keys remembered by the look-up cache at most (then it starts afresh). */
const KEY_CACHE_LIMIT = 10_000;

export class SubscriptionStore {
  private readonly byPrimaryHash;
  private readonly bySecondaryHash;
  /**
   * The active subscriptions of keys seen, with the change count of their table when they were read
   * (SQLite: `data_version`, any commit of any connection; PostgreSQL: the change feed,
   * postgres/change-feed.ts). A key is looked up again (hash, two index reads) as soon as the count
   * moved, so a rotated key, a deactivated subscription or a revoked access counts from the next
   * request on SQLite, even when the CLI changed it from another process, and within the change
   * feed's window on PostgreSQL. Only keys of active subscriptions are kept: an unknown key (a
   * deleted subscription's) or an inactive subscription's is looked up on every request, so its
   * refusal and a reactivation are exact at once on either database.
   */
  private readonly known = new Map<
    string,
    { readonly version: number; readonly subscription: Subscription }
  >();

  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    direct?: DirectReader,
    private readonly changes?: ChangeCounter,
    /** PostgreSQL: told when a write of this process to `subscriptions` has returned. */
    private readonly written: () => void = () => {},
  ) {
    const byHash = (column: "primary_key_hash" | "secondary_key_hash") =>
      compiledQuery(
        db,
        (digest: string) => db.selectFrom("subscriptions").selectAll().where(column, "=", digest),
        ["?digest"] as [string],
        direct,
      );
    this.byPrimaryHash = byHash("primary_key_hash");
    this.bySecondaryHash = byHash("secondary_key_hash");
  }

  async create(input: NewSubscription): Promise<CreatedSubscription> {
    const now = new Date().toISOString();
    const primaryKey = generateSubscriptionKey(input.environment);
    const secondaryKey = generateSubscriptionKey(input.environment);
    const row = {
      id: randomUUID(),
      owner_id: input.ownerId ?? randomUUID(),
      name: input.name,
      environment: input.environment,
      active: input.active === false ? 0 : 1,
      calculation_access: input.calculationAccess ? 1 : 0,
      prices_include_vat: input.pricesIncludeVat ? 1 : 0,
      primary_key_hash: hashSubscriptionKey(primaryKey),
      secondary_key_hash: hashSubscriptionKey(secondaryKey),
      created_at: now,
      updated_at: now,
    };
    await this.db.transaction().execute(async (trx) => {
      if (input.ownerId === undefined) {
        await trx.insertInto("accounts").values({ id: row.owner_id, created_at: now }).execute();
      } else {
        const account = await trx
          .selectFrom("accounts")
          .select("id")
          .where("id", "=", input.ownerId)
          .executeTakeFirst();
        if (!account) throw new UnknownAccountError(`no account ${input.ownerId}`);
      }
      await trx.insertInto("subscriptions").values(row).execute();
    });
    return { subscription: toSubscription(row), primaryKey, secondaryKey };
  }

  /**
   * The subscription a key (either slot) belongs to in this environment, or undefined. Whether it
   * is active is the caller's decision. The key's shape and environment prefix are checked before
   * any look-up; the stored digest is compared in constant time.
   */
  async authenticate(key: string, environment: Environment): Promise<Subscription | undefined> {
    if (!isKeyOf(key, environment)) return undefined;
    if (!this.changes) return this.lookUp(key, environment);
    // The change count is read before the look-up: a commit in between makes the entry stale at once.
    const version = this.changes();
    const known = this.known.get(key);
    if (known?.version === version) return known.subscription;
    const subscription = await this.lookUp(key, environment);
    if (this.known.size >= KEY_CACHE_LIMIT) this.known.clear();
    if (subscription?.active) this.known.set(key, { version, subscription });
    else this.known.delete(key);
    return subscription;
  }

  private async lookUp(key: string, environment: Environment): Promise<Subscription | undefined> {
    const digest = hashSubscriptionKey(key);
    // Two index look-ups rather than one OR, which SQLite answers several times slower.
    const row = (await this.byPrimaryHash(digest)) ?? (await this.bySecondaryHash(digest));
    if (!row || row.environment !== environment) return undefined;
    const matches = sameDigest(row.primary_key_hash, digest) || sameDigest(row.secondary_key_hash, digest);
    return matches ? toSubscription(row) : undefined;
  }

  async get(id: string): Promise<Subscription | undefined> {
    const row = await this.db.selectFrom("subscriptions").selectAll().where("id", "=", id).executeTakeFirst();
    return row && toSubscription(row);
  }

  async list(): Promise<Subscription[]> {
    const rows = await this.db
      .selectFrom("subscriptions")
      .selectAll()
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return rows.map(toSubscription);
  }

  async update(id: string, patch: SubscriptionPatch): Promise<Subscription | undefined> {
    const values = {
      active: flag(patch.active),
      calculation_access: flag(patch.calculationAccess),
      prices_include_vat: flag(patch.pricesIncludeVat),
      updated_at: new Date().toISOString(),
    };
    const result = await this.db
      .updateTable("subscriptions")
      .set(values)
      .where("id", "=", id)
      .executeTakeFirst()
      .finally(this.written);
    return result.numUpdatedRows > 0n ? this.get(id) : undefined;
  }

  /** Sets (or with null clears) the subscription's rate limit; undefined for an unknown id. */
  async setRateLimit(id: string, limit: RateLimit | null): Promise<Subscription | undefined> {
    const result = await this.db
      .updateTable("subscriptions")
      .set({
        rate_limit_requests: limit?.requests ?? null,
        rate_limit_window_seconds: limit?.windowSeconds ?? null,
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", id)
      .executeTakeFirst()
      .finally(this.written);
    return result.numUpdatedRows > 0n ? this.get(id) : undefined;
  }

  /** Issues a new key in one slot; the other slot's key keeps working. Undefined for an unknown id. */
  async rotate(id: string, slot: KeySlot): Promise<string | undefined> {
    const subscription = await this.get(id);
    if (!subscription) return undefined;
    const key = generateSubscriptionKey(subscription.environment);
    const digest = hashSubscriptionKey(key);
    const set =
      slot === "primary"
        ? { primary_key_hash: digest, updated_at: new Date().toISOString() }
        : { secondary_key_hash: digest, updated_at: new Date().toISOString() };
    const result = await this.db
      .updateTable("subscriptions")
      .set(set)
      .where("id", "=", id)
      .executeTakeFirst()
      .finally(this.written);
    return result.numUpdatedRows > 0n ? key : undefined;
  }
}
