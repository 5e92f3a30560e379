import type { SelectQueryBuilder } from "kysely";

/*
 * Lists of an account's records, newest first, a page at a time (issue 41): keyset pagination on
 * (created_at, id) descending, so that records added during a walk (newer than every page read)
 * never shift the pages still to come, and a page costs one index range, whatever its depth.
 */

/** Where a page starts: after the record at this creation time and id (the previous page's last). */
export interface ListPosition {
  readonly createdAt: string;
  readonly id: string;
}

/** One page asked for: always within one account (`ownerId`); the filters are optional. */
export interface ListRequest {
  readonly ownerId: string;
  /** Records on the page, 1 to 100. */
  readonly limit: number;
  readonly after?: ListPosition;
  /** Only records made from this time on (ISO 8601 UTC with milliseconds, inclusive). */
  readonly from?: string;
  /** Only records made before this time (ISO 8601 UTC with milliseconds, exclusive). */
  readonly before?: string;
  /** Only records that name this stored car (a lower-case id). */
  readonly carDetailId?: string;
}

/** A page of records and whether more follow it. */
export interface ListPage<T> {
  readonly items: readonly T[];
  /** The position of the last item when more records follow it, else undefined. */
  readonly next?: ListPosition;
}

/**
 * The stored cars a request names (stored as ` id1 id2 `, matched with LIKE '% id %'): its
 * `carDetailId` when it has no inline `carDetail` (the inline car wins, docs/contract.md), and the
 * same for each of a comparison's `cars`. Null when it names none.
 */
export function referencedCarIds(request: unknown): string | null {
  const ids: string[] = [];
  const visit = (reference: unknown) => {
    if (typeof reference !== "object" || reference === null) return;
    const { carDetail, carDetailId } = reference as { carDetail?: unknown; carDetailId?: unknown };
    if (carDetail == null && typeof carDetailId === "string") ids.push(carDetailId.toLowerCase());
  };
  visit(request);
  const cars = (request as { cars?: unknown } | null)?.cars;
  if (Array.isArray(cars)) for (const car of cars) visit(car);
  return ids.length === 0 ? null : ` ${[...new Set(ids)].join(" ")} `;
}

/** The columns every listed table has. */
interface Listed {
  owner_id: string;
  created_at: string;
  id: string;
}

/**
 * The page's query over a table: the account, the filters, the position, newest first, one row
 * more than the page (it tells whether another page follows). The car filter reads the table's
 * `car_detail_ids` (written by `referencedCarIds`); the car details' own list never sends one.
 */
// biome-ignore lint/suspicious/noExplicitAny: the listed tables share these columns; Kysely's types cannot say so generically
export function pageQuery<Q extends SelectQueryBuilder<any, any, any>>(query: Q, request: ListRequest): Q {
  // biome-ignore lint/suspicious/noExplicitAny: as above
  let q = query as SelectQueryBuilder<any, any, Listed>;
  q = q.where("owner_id", "=", request.ownerId);
  if (request.from !== undefined) q = q.where("created_at", ">=", request.from);
  if (request.before !== undefined) q = q.where("created_at", "<", request.before);
  if (request.carDetailId !== undefined) q = q.where("car_detail_ids", "like", `% ${request.carDetailId} %`);
  const after = request.after;
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb("created_at", "<", after.createdAt),
        eb.and([eb("created_at", "=", after.createdAt), eb("id", "<", after.id)]),
      ]),
    );
  }
  return q
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(request.limit + 1) as unknown as Q;
}

/**
 * The page from rows newest first (at most limit + 1, or more when merged from several tables):
 * the first `limit`, made into items only then (a record is decoded only when it is on the page),
 * and the position of the last when a row follows.
 */
export function pageOf<R extends { created_at: string; id: string }, T>(
  rows: readonly R[],
  limit: number,
  item: (row: R) => T,
): ListPage<T> {
  const onPage = rows.slice(0, limit);
  const last = onPage.at(-1);
  return {
    items: onPage.map(item),
    ...(rows.length > limit && last ? { next: { createdAt: last.created_at, id: last.id } } : {}),
  };
}

/** Rows of several tables, newest first as one list (created_at, then id, descending). */
export const newestFirst = <R extends { created_at: string; id: string }>(a: R, b: R): number =>
  a.created_at === b.created_at
    ? a.id < b.id
      ? 1
      : a.id > b.id
        ? -1
        : 0
    : a.created_at < b.created_at
      ? 1
      : -1;
