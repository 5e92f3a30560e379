import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { CarDetailStore, StoredCarDetail } from "./car-detail-store";
import type { DatabaseSchema } from "./database-schema";

/**
 * Public links: one unguessable token per car detail (128 random bits, base64url), created on the
 * first request and the same afterwards, valid as long as the car detail exists. The page behind it
 * needs no key, so the token is the only secret: it reveals neither the car's id nor its owner.
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
    if (!/^[\w-]{22}$/.test(token)) return undefined;
    const link = await this.db
      .selectFrom("public_links")
      .selectAll()
      .where("token", "=", token)
      .executeTakeFirst();
    return link && this.carDetails.get(link.owner_id, link.car_detail_id);
  }
}
