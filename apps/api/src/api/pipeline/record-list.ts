import type { ListPage, ListPosition, ListRequest } from "@cartax/storage";
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv, ServiceContext } from "../../http/app-env";
import { KEY_QUERY } from "../../http/authenticate";
import { ProblemError } from "../../http/problem";
import { uuidParam } from "../../http/uuid-param";

/*
 * What the lists share (GET /v1/CarDetails, /v1/Calculations, /v1/Projections, /v1/Comparisons;
 * docs/contract.md, Lists): the query (limit, cursor, from, until and, for the records,
 * carDetailId), the opaque cursor, and the page's answer with its Link header.
 */

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** The version of the cursor's layout: a cursor of another version is refused as malformed. */
const CURSOR_VERSION = "1";
const STORED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const queryParam = (name: string, description: string, example: string) =>
  z
    .string()
    .optional()
    .openapi({ param: { name, in: "query", required: false }, description, example });

/** The query of a list; `withCar`: the records' lists, which filter by a stored car. */
export const listQuery = <W extends boolean>(withCar: W) =>
  z.object({
    // Digits only: a coercion would read "0x5", " 5" and "1e1" as numbers (rule type, like "abc").
    limit: z
      .preprocess(
        (value) =>
          typeof value === "string" ? (/^[0-9]+$/.test(value) ? Number(value) : Number.NaN) : value,
        z.number().int().min(1).max(MAX_LIMIT),
      )
      .optional()
      .openapi({
        param: { name: "limit", in: "query", required: false },
        // The schema the query is checked with (digits first) documented as what it accepts.
        type: "integer",
        minimum: 1,
        maximum: MAX_LIMIT,
        description: `Items per page, 1 to ${MAX_LIMIT}; default ${DEFAULT_LIMIT}.`,
        example: DEFAULT_LIMIT,
      }),
    cursor: queryParam(
      "cursor",
      'Opaque: the `nextCursor` of the previous page (or the `cursor` of its Link rel="next"). Absent: the first page, the newest items.',
      "MXwyMDI2LTEyLTA3VDEyOjAwOjAwLjAwMFp8M2ZhODVmNjQtNTcxNy00NTYyLWIzZmMtMmM5NjNmNjZhZmE2",
    ),
    from: queryParam(
      "from",
      "Only items created from then on (inclusive): a date (yyyy-MM-dd, from 00:00 UTC) or an RFC 3339 date-time with its offset.",
      "2026-12-01",
    ),
    until: queryParam(
      "until",
      "Only items created until then (inclusive): a date (yyyy-MM-dd, to the end of that day UTC) or an RFC 3339 date-time with its offset. Not before `from`.",
      "2026-12-31",
    ),
    ...((withCar
      ? {
          carDetailId: queryParam(
            "carDetailId",
            "Only records of this stored car: a calculation or projection made with it by `carDetailId` (not an inline carDetail), a comparison that compares it.",
            "3fa85f64-5717-4562-b3fc-2c963f66afa6",
          ),
        }
      : {}) as W extends true ? { carDetailId: ReturnType<typeof queryParam> } : object),
  });

/** A 400 naming the query parameter and the rule it broke. */
const invalid = (field: string, rule: string, message: string) =>
  new ProblemError("validation_error", `${field}: ${message}`, [
    { field, rule, message: `${field}: ${message}` },
  ]);

/** The list a request pages through: the last segment of its path (`CarDetails`, `Calculations`, …). */
const listOf = (path: string): string => {
  // A trailing slash is served like the path without it (app.ts).
  const trimmed = path.endsWith("/") ? path.slice(0, -1) : path;
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
};

/**
 * The opaque cursor of a position in a list: base64url of `version|list|createdAt|id`. The list is
 * in it so that a cursor of one list is refused by another (it would name a row of another table).
 */
export const encodeCursor = (list: string, position: ListPosition): string =>
  Buffer.from(`${CURSOR_VERSION}|${list}|${position.createdAt}|${position.id}`, "utf8").toString("base64url");

/**
 * The position a cursor names; 400 naming `cursor` when it is not one this service wrote. A
 * well-formed cursor made up by hand only moves the start of the page within the caller's own
 * records: every page is of the caller's account whatever the cursor says.
 */
export function decodeCursor(list: string, cursor: string): ListPosition {
  const text = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8") : "";
  const [version, ofList, createdAt, id, ...rest] = text.split("|");
  if (
    version !== CURSOR_VERSION ||
    ofList !== list ||
    rest.length > 0 ||
    !createdAt ||
    !STORED_TIME.test(createdAt) ||
    Number.isNaN(Date.parse(createdAt)) ||
    !id ||
    !UUID.test(id)
  ) {
    throw invalid(
      "cursor",
      "format",
      "not a cursor of this list; send back the nextCursor of a page as it is",
    );
  }
  return { createdAt, id };
}

/** A bound of from/until as the stored times are written (UTC, milliseconds); `end`: until's. */
function timeBound(field: "from" | "until", value: string): string {
  const date = DATE.exec(value);
  if (date) {
    const [, y, m, d] = date.map(Number) as [number, number, number, number];
    const day = new Date(Date.UTC(y, m - 1, d));
    if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) {
      throw invalid(field, "date", `${value} is not a date of the calendar`);
    }
    // until's date covers its whole day: the bound is the next day's start, exclusive.
    if (field === "until") day.setUTCDate(day.getUTCDate() + 1);
    return day.toISOString();
  }
  const time = DATE_TIME.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) {
    throw invalid(field, "format", "expected a date (yyyy-MM-dd) or an RFC 3339 date-time with its offset");
  }
  // until's date-time is inclusive to the millisecond: the bound is the next millisecond, exclusive.
  return new Date(field === "until" ? time + 1 : time).toISOString();
}

/** The page asked for by the query of the request at `path`, in the caller's account. */
export function listRequest(
  ownerId: string,
  path: string,
  query: { limit?: number; cursor?: string; from?: string; until?: string; carDetailId?: string },
): ListRequest {
  const from = query.from === undefined ? undefined : timeBound("from", query.from);
  const before = query.until === undefined ? undefined : timeBound("until", query.until);
  if (from !== undefined && before !== undefined && from >= before) {
    throw invalid("until", "range", `${query.until} is before from (${query.from})`);
  }
  return {
    ownerId,
    limit: query.limit ?? DEFAULT_LIMIT,
    ...(query.cursor !== undefined ? { after: decodeCursor(listOf(path), query.cursor) } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(before !== undefined ? { before } : {}),
    ...(query.carDetailId !== undefined ? { carDetailId: uuidParam("carDetailId", query.carDetailId) } : {}),
  };
}

/** The Link header of a list's answer (RFC 8288). */
export const linkHeader = {
  Link: {
    description:
      'When another page follows: `<its absolute URL>; rel="next"` (the same query with its `cursor`; the subscription key is never in it, send it again).',
    schema: { type: "string" as const },
  },
};

/**
 * The answer of a page: `{ data, nextCursor }`, and the next page's address in a Link header
 * (rel="next") when there is one: the request's own query with the new cursor, without the
 * subscription key (a secret is never written into an answer).
 */
export function pageAnswer<T, I>(
  c: Context<AppEnv>,
  service: ServiceContext,
  page: ListPage<T>,
  item: (record: T) => I,
): Response {
  const url = new URL(c.req.url);
  const nextCursor = page.next ? encodeCursor(listOf(url.pathname), page.next) : null;
  if (nextCursor) {
    const params = new URLSearchParams(url.search);
    params.delete(KEY_QUERY);
    params.set("cursor", nextCursor);
    c.header("Link", `<${service.publicBaseUrl}${url.pathname}?${params}>; rel="next"`);
  }
  return c.json({ data: page.items.map(item), nextCursor });
}
