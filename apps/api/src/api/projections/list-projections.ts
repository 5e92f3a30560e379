import { projectionPageSchema } from "@cartax/schemas";
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

export const listProjectionsRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "listProjections",
    method: "get",
    path: "/v1/Projections",
    summary: "List the account's projections (not in the spec)",
    description:
      "The account's saved projections, newest first, a page at a time; each with its request and its answer's totals (the years: GET /v1/Projections/{projectionId}). Filters: `carDetailId`, `from`, `until`. Own account only.",
    ...savedRecordRead(service),
    request: { query: listQuery(true) },
    responses: {
      200: json("A page of projections.", projectionPageSchema, { headers: linkHeader }),
      ...listProblems,
    },
  });

/** A projection as a list gives it: the record's fields, the request, the answer's totals. */
function projectionListItem(record: SavedResultRecord) {
  const result = record.result as { from?: string; until?: string; totals?: unknown[]; summary?: unknown };
  return {
    ...savedRecordFields("projectionId", record),
    summary: {
      from: result.from ?? null,
      until: result.until ?? null,
      totals: result.totals ?? [],
      summary: result.summary ?? null,
    },
  };
}

/** GET /v1/Projections: the caller's account's projections, newest first, a page at a time. */
export function registerListProjections(api: Api, service: ServiceContext): void {
  api.openapi(listProjectionsRoute(service), async (c) => {
    const request = listRequest(c.get("subscription").ownerId, c.req.path, c.req.valid("query"));
    const page = await service.storage.projections.list(request);
    return pageAnswer(c, service, page, projectionListItem) as never;
  });
}
