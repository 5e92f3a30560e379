import { projectionRecordSchema } from "@cartax/schemas";
import { createRoute, z } from "@hono/zod-openapi";
import type { ServiceContext } from "../../http/app-env";
import { conditionalJson } from "../../http/conditional";
import type { Api } from "../../openapi/api";
import { etagHeader, ifNoneMatchQuery, notModified } from "../../openapi/conditional-headers";
import { guid, json, readProblems } from "../../openapi/responses";
import { ownRecord, savedRecordAnswer, savedRecordRead } from "../pipeline";

export const getProjectionRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "getProjection",
    method: "get",
    path: "/v1/Projections/{projectionId}",
    summary: "Read the audit record of a projection (not in the spec)",
    description: "What was asked, what was answered and under which rules version. Own account only.",
    ...savedRecordRead(service),
    request: {
      params: z.object({ projectionId: guid("projectionId", "path", "The projectionId of a projection.") }),
      headers: ifNoneMatchQuery,
    },
    responses: {
      200: json("The audit record.", projectionRecordSchema, { headers: etagHeader }),
      ...notModified,
      ...readProblems("No projection with that id in this account."),
    },
  });

/** GET /v1/Projections/{projectionId}: the saved projection, to its own account, as it was answered. */
export function registerGetProjection(api: Api, service: ServiceContext): void {
  api.openapi(getProjectionRoute(service), async (c) => {
    const { projectionId: id } = c.req.valid("param");
    const record = await ownRecord(c, service.storage.projections, id, "projection");
    return conditionalJson(c, JSON.stringify(savedRecordAnswer("projectionId", record))) as never;
  });
}
