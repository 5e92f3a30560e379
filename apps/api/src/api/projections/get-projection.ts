import { projectionRecordSchema } from "@cartax/schemas";
import { createRoute, z } from "@hono/zod-openapi";
import type { ServiceContext } from "../../http/app-env";
import { authenticate } from "../../http/authenticate";
import { notFound } from "../../http/problem";
import type { Api } from "../../openapi/api";
import { guid, json, problem, problems, secured } from "../../openapi/responses";

export const getProjectionRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "getProjection",
    method: "get",
    path: "/v1/Projections/{projectionId}",
    summary: "Read the audit record of a projection (not in the spec)",
    description: "What was asked, what was answered and under which rules version. Own account only.",
    tags: ["Calculation"],
    security: secured,
    middleware: [authenticate(service, { calculation: true })] as const,
    request: {
      params: z.object({ projectionId: guid("projectionId", "path", "The projectionId of a projection.") }),
    },
    responses: {
      200: json("The audit record.", projectionRecordSchema),
      400: problems[400],
      401: problems[401],
      429: problems[429],
      404: problem("No projection with that id in this account.", 404),
      500: problems[500],
    },
  });

/** GET /v1/Projections/{projectionId}: the saved projection, to its own account, as it was answered. */
export function registerGetProjection(api: Api, service: ServiceContext): void {
  api.openapi(getProjectionRoute(service), async (c) => {
    const { projectionId: id } = c.req.valid("param");
    const record = await service.storage.projections.get(c.get("subscription").ownerId, id);
    if (!record) throw notFound(`projection ${id}`);
    return c.json(
      {
        projectionId: record.id,
        createdAt: record.createdAt,
        rulesVersion: record.rulesVersion,
        subscriptionId: record.subscriptionId,
        version: record.clientVersion,
        request: record.request,
        result: record.result as z.output<typeof projectionRecordSchema>["result"],
      },
      200,
    );
  });
}
