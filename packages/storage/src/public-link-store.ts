import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { CarDetailStore, StoredCarDetail } from "./car-detail-store";
import type { DatabaseSchema } from "./database-schema";

/** What a comparison's public link names: the saved comparison (read from `storage.comparisons`). */
export interface ComparisonLink {
  readonly ownerId: string;
  readonly comparisonId: string;
}

/** Tokens are 128 random bits in base64url: 22 characters. */
const TOKEN = /^[\w-]{22}$/;

/**
 * Public links: one unguessable token per car detail, and one per saved comparison (128 random
 * bits, base64url), created on the first request and the same afterwards, valid as long as the car
 * detail (or comparison) exists. The page behind it needs no key, so the token is the only secret:
 * it reveals neither the id nor the owner.
 */
export class PublicLinkStore {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly carDetails: CarDetailStore,
  ) {}

  /** The car's token, made on first use (concurrent first calls agree on one). */
  async tokenFor(ownerId: string, carDetailId: string): Promise<string> {
    await this.db
      .insertInto("public_links")
      .values({
        token: randomBytes(16).toString("base64url"),
        owner_id: ownerId,
        car_detail_id: carDetailId,
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.columns(["owner_id", "car_detail_id"]).doNothing())
      .execute();
    const row = await this.db
      .selectFrom("public_links")
      .select("token")
      .where("owner_id", "=", ownerId)
      .where("car_detail_id", "=", carDetailId)
      .executeTakeFirstOrThrow();
    return row.token;
  }

  /** The car behind a token, or undefined (unknown token, or the car is gone). */
  async resolve(token: string): Promise<StoredCarDetail | undefined> {
    if (!TOKEN.test(token)) return undefined;
    const link = await this.db
      .selectFrom("public_links")
      .selectAll()
      .where("token", "=", token)
      .executeTakeFirst();
    return link && this.carDetails.get(link.owner_id, link.car_detail_id);
  }

  /**
   * The token of a saved comparison of the account, made on first use (concurrent first calls
   * agree on one). The caller checks that the comparison exists and is the account's.
   */
  async tokenForComparison(ownerId: string, comparisonId: string): Promise<string> {
    const id = comparisonId.toLowerCase();
    await this.db
      .insertInto("comparison_links")
      .values({
        token: randomBytes(16).toString("base64url"),
        owner_id: ownerId,
        comparison_id: id,
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.columns(["owner_id", "comparison_id"]).doNothing())
      .execute();
    const row = await this.db
      .selectFrom("comparison_links")
      .select("token")
      .where("owner_id", "=", ownerId)
      .where("comparison_id", "=", id)
      .executeTakeFirstOrThrow();
    return row.token;
  }

  /** The comparison a token names (its account and id), or undefined for a token of no comparison. */
  async resolveComparison(token: string): Promise<ComparisonLink | undefined> {
    if (!TOKEN.test(token)) return undefined;
    const link = await this.db
      .selectFrom("comparison_links")
      .select(["owner_id", "comparison_id"])
      .where("token", "=", token)
      .executeTakeFirst();
    return link && { ownerId: link.owner_id, comparisonId: link.comparison_id };
  }
}
