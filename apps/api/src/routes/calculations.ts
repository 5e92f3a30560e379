import { calculationRecordSchema, type calculationResultSchema } from "@cartax/schemas";
import { createRoute, z } from "@hono/zod-openapi";
import type { ServiceContext } from "../http/app-env";
import { authenticate } from "../http/authenticate";
import { notFound } from "../http/problem";
import { guid, json, problem, problems, secured } from "../openapi/responses";
import type { Api } from "./api";
import { recordedResult } from "./recorded-result";

export const getCalculationRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "getCalculation",
    method: "get",
    path: "/v1/Calculations/{calculationId}",
    summary: "Read the audit record of a calculation (not in the spec)",
    description: "What was asked, what was answered and under which rules version. Own account only.",
    tags: ["Calculation"],
    security: secured,
    middleware: [authenticate(service, { calculation: true })] as const,
    request: {
      params: z.object({ calculationId: guid("calculationId", "path", "The calculationId of a result.") }),
    },
    responses: {
      200: json("The audit record.", calculationRecordSchema),
      400: problems[400],
      401: problems[401],
      429: problems[429],
      404: problem("No calculation with that id in this account.", 404),
      500: problems[500],
    },
  });

/**
 * GET /v1/Calculations/{calculationId}: the audit record of a calculation, to its own account
 * ("what did we say, under which rules?"). Not in the spec, which leaves retrieval open; like
 * Calculate it needs calculation access.
 */
export function registerGetCalculation(api: Api, service: ServiceContext): void {
  api.openapi(getCalculationRoute(service), async (c) => {
    const { calculationId: id } = c.req.valid("param");
    const record = await service.storage.calculations.get(c.get("subscription").ownerId, id);
    if (!record) throw notFound(`calculation ${id}`);
    return c.json(
      {
        calculationId: record.id,
        createdAt: record.createdAt,
        rulesVersion: record.rulesVersion,
        subscriptionId: record.subscriptionId,
        version: record.clientVersion,
        request: record.request,
        // Stored as it was answered (the schema of the day it was made).
        result: recordedResult(record.result) as z.output<typeof calculationResultSchema>,
      },
      200,
    );
  });
}
