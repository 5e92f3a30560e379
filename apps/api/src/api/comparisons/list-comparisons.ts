import { comparisonPageSchema } from "@cartax/schemas";
import type { SavedResultRecord } from "@cartax/storage";
import { createRoute } from "@hono/zod-openapi";
import type { ServiceContext } from "../../http/app-env";
import type { Api } from "../../openapi/api";
import { json, listProblems } from "../../openapi/responses";
import {
  linkHeader,
  listQuery,
  listRequest,
  pageAnswer,
  savedRecordFields,
  savedRecordRead,
} from "../pipeline";

export const listComparisonsRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "listComparisons",
    method: "get",
    path: "/v1/Comparisons",
    summary: "List the account's comparisons (not in the spec)",
    description:
      "The account's saved comparisons, newest first, a page at a time; each with its request, each car's totals and the ranking (the lines: GET /v1/Comparisons/{comparisonId}). Filters: `carDetailId` (a comparison that compares that stored car), `from`, `until`. Own account only.",
    ...savedRecordRead(service),
    request: { query: listQuery(true) },
    responses: {
      200: json("A page of comparisons.", comparisonPageSchema, { headers: linkHeader }),
      ...listProblems,
    },
  });

type Row = { carDetailId?: string | null; name?: string | null; totals?: unknown[] };

/** A comparison as a list gives it: the record's fields, the request, each car's totals, the ranking. */
function comparisonListItem(record: SavedResultRecord) {
  const result = record.result as { years?: number[]; rows?: Row[]; ranking?: unknown };
  return {
    ...savedRecordFields("comparisonId", record),
    summary: {
      years: result.years ?? [],
      rows: (result.rows ?? []).map((row) => ({
        carDetailId: row.carDetailId ?? null,
        name: row.name ?? null,
        totals: row.totals ?? [],
      })),
      ranking: result.ranking,
    },
  };
}

/** GET /v1/Comparisons: the caller's account's comparisons, newest first, a page at a time. */
export function registerListComparisons(api: Api, service: ServiceContext): void {
  api.openapi(listComparisonsRoute(service), async (c) => {
    const request = listRequest(c.get("subscription").ownerId, c.req.path, c.req.valid("query"));
    const page = await service.storage.comparisons.list(request);
    return pageAnswer(c, service, page, comparisonListItem) as never;
  });
}
