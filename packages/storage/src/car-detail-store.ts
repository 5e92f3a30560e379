import { randomUUID } from "node:crypto";
import type { CarDetailBody } from "@cartax/schemas";
import type { Kysely, Selectable } from "kysely";
import type { CarDetailTable, DatabaseSchema } from "./database-schema";
import { type ChangeCounter, compiledQuery, type DirectReader } from "./fast-path/compiled-query";
import { type ListPage, type ListRequest, pageOf, pageQuery } from "./record-list";

/** What is stored of a car: the validated body without the service-assigned ids. */
export type StoredCar = Omit<CarDetailBody, "id" | "ownerId">;

export interface StoredCarDetail {
  readonly id: string;
  readonly ownerId: string;
  readonly car: StoredCar;
  readonly createdAt: string;
  readonly updatedAt: string;
}

const toStored = (row: Selectable<CarDetailTable>): StoredCarDetail => ({
  id: row.id,
  ownerId: row.owner_id,
  car: JSON.parse(row.data) as StoredCar,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Drops `id` and `ownerId` (ignored on write, docs/contract.md). */
function carData(car: CarDetailBody): string {
  const { id: _id, ownerId: _owner, ...rest } = car;
  return JSON.stringify(rest);
}

/**
 * Car details of each account. Ids are scoped per account: another account's id is simply unknown
 * here, so a read answers nothing and a PUT creates the caller's own record at that id, never
 * touching or revealing the other account's.
 */
/** Car details remembered by the read cache at most (then it starts afresh). */
const CAR_CACHE_LIMIT = 10_000;

export class CarDetailStore {
  private readonly byId;
  /**
   * The car details read, with the change count of their table when they were read (as the key
   * look-up does, subscription-store.ts): read again as soon as any connection committed on SQLite,
   * or within the change feed's window on PostgreSQL (postgres/change-feed.ts). The records are
   * frozen, since requests share them. Unknown ids are not remembered.
   */
  private readonly known = new Map<string, { readonly version: number; readonly stored: StoredCarDetail }>();

  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    direct?: DirectReader,
    private readonly changes?: ChangeCounter,
    /** PostgreSQL: told when a write of this process to `car_details` has returned. */
    private readonly written: () => void = () => {},
  ) {
    this.byId = compiledQuery(
      db,
      (ownerId: string, id: string) =>
        db.selectFrom("car_details").selectAll().where("owner_id", "=", ownerId).where("id", "=", id),
      ["?owner", "?id"] as [string, string],
      direct,
    );
  }

  async get(ownerId: string, id: string): Promise<StoredCarDetail | undefined> {
    if (!this.changes) {
      const row = await this.byId(ownerId, id.toLowerCase());
      return row && toStored(row);
    }
    // The change count is read before the row: a commit in between makes the entry stale at once.
    const version = this.changes();
    const key = `${ownerId}\u0000${id.toLowerCase()}`;
    const known = this.known.get(key);
    if (known?.version === version) return known.stored;
    const row = await this.byId(ownerId, id.toLowerCase());
    if (!row) {
      this.known.delete(key);
      return undefined;
    }
    const stored = toStored(row);
    Object.freeze(stored.car);
    Object.freeze(stored);
    if (this.known.size >= CAR_CACHE_LIMIT) this.known.clear();
    this.known.set(key, { version, stored });
    return stored;
  }

  /** A page of the account's car details, newest first (by creation). */
  async list(request: ListRequest): Promise<ListPage<StoredCarDetail>> {
    const rows = await pageQuery(this.db.selectFrom("car_details").selectAll(), request).execute();
    return pageOf(rows, request.limit, toStored);
  }

  async create(ownerId: string, car: CarDetailBody): Promise<StoredCarDetail> {
    const now = new Date().toISOString();
    const row = { owner_id: ownerId, id: randomUUID(), data: carData(car), created_at: now, updated_at: now };
    await this.db.insertInto("car_details").values(row).execute().finally(this.written);
    return toStored(row);
  }

  /** Idempotent upsert at (ownerId, id): `created` tells whether the record is new. */
  async put(
    ownerId: string,
    id: string,
    car: CarDetailBody,
  ): Promise<{ created: boolean; carDetail: StoredCarDetail }> {
    const write = this.writes(ownerId, id, car);
    // Insert-or-nothing first, then update: each statement is atomic, so of two concurrent PUTs at
    // a new id exactly one creates (201) and the other updates (200), on both databases.
    const inserted = await write.insert();
    if (inserted) return { created: true, carDetail: toStored(inserted) };
    const updated = await write.update();
    if (!updated) throw new Error("car detail vanished between insert and update");
    return { created: false, carDetail: toStored(updated) };
  }

  /**
   * The upsert under a precondition (RFC 9110 §13: PUT's If-Match, If-None-Match), undefined when
   * it does not hold. The check and the write are atomic: the write names the version it was
   * checked on, so of two writers holding the same version exactly one writes.
   */
  async putIf(
    ownerId: string,
    id: string,
    car: CarDetailBody,
    precondition: PutPrecondition,
  ): Promise<{ created: boolean; carDetail: StoredCarDetail } | undefined> {
    const write = this.writes(ownerId, id, car);
    const created = (row: Selectable<CarDetailTable> | undefined) =>
      row && { created: true, carDetail: toStored(row) };
    const updated = (row: Selectable<CarDetailTable> | undefined) =>
      row && { created: false, carDetail: toStored(row) };
    if (precondition.kind === "absent") return created(await write.insert());
    if (precondition.kind === "present") return updated(await write.update());
    const current = await this.db
      .selectFrom("car_details")
      .selectAll()
      .where("owner_id", "=", ownerId)
      .where("id", "=", id.toLowerCase())
      .executeTakeFirst();
    if (!precondition.holds(current && toStored(current))) return undefined;
    // Written only if the record is still the one the precondition was checked on: after a writer
    // in between changed `data` the update matches no row; after one created it, the insert none.
    return current ? updated(await write.update(current.data)) : created(await write.insert());
  }

  /** The two statements of a write at (ownerId, id); `update` only over `expectedData` when given. */
  private writes(ownerId: string, id: string, car: CarDetailBody) {
    const now = new Date().toISOString();
    const key = id.toLowerCase();
    const data = carData(car);
    return {
      insert: () =>
        this.db
          .insertInto("car_details")
          .values({ owner_id: ownerId, id: key, data, created_at: now, updated_at: now })
          .onConflict((oc) => oc.columns(["owner_id", "id"]).doNothing())
          .returningAll()
          .executeTakeFirst()
          // This process's own write counts for its read cache at once (the change feed's note of
          // it may come later).
          .finally(this.written),
      update: (expectedData?: string) =>
        this.db
          .updateTable("car_details")
          .set({ data, updated_at: now })
          .where("owner_id", "=", ownerId)
          .where("id", "=", key)
          .$if(expectedData !== undefined, (q) => q.where("data", "=", expectedData as string))
          .returningAll()
          .executeTakeFirst()
          .finally(this.written),
    };
  }
}

/**
 * A PUT's precondition: `absent` (If-None-Match: *, create only), `present` (If-Match: *, must
 * exist), `current` (a list of entity tags: `holds` says whether the record as it is now, or
 * undefined when there is none, passes).
 */
export type PutPrecondition =
  | { readonly kind: "absent" }
  | { readonly kind: "present" }
  | { readonly kind: "current"; readonly holds: (current: StoredCarDetail | undefined) => boolean };
