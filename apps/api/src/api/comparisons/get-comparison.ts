import { comparisonRecordSchema } from "@cartax/schemas";
import { createRoute, z } from "@hono/zod-openapi";
import type { ServiceContext } from "../../http/app-env";
import { authenticate } from "../../http/authenticate";
import { notFound } from "../../http/problem";
import type { Api } from "../../openapi/api";
import { guid, json, problem, problems, secured } from "../../openapi/responses";
import { comparisonCsv, comparisonCsvHeaders } from "./comparison-csv";

export const getComparisonRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "getComparison",
    method: "get",
    path: "/v1/Comparisons/{comparisonId}",
    summary: "Read the audit record of a comparison (not in the spec)",
    description:
      "What was asked, what was answered (the JSON answer of POST /v1/Compare) and under which rules version. Own account only.",
    tags: ["Calculation"],
    security: secured,
    middleware: [authenticate(service, { calculation: true })] as const,
    request: {
      params: z.object({ comparisonId: guid("comparisonId", "path", "The comparisonId of a comparison.") }),
    },
    responses: {
      200: json("The audit record.", comparisonRecordSchema),
      400: problems[400],
      401: problems[401],
      429: problems[429],
      404: problem("No comparison with that id in this account.", 404),
      500: problems[500],
    },
  });

/** GET /v1/Comparisons/{comparisonId}: the saved comparison, to its own account, as it was answered. */
export function registerGetComparison(api: Api, service: ServiceContext): void {
  api.openapi(getComparisonRoute(service), async (c) => {
    const { comparisonId: id } = c.req.valid("param");
    const record = await service.storage.comparisons.get(c.get("subscription").ownerId, id);
    if (!record) throw notFound(`comparison ${id}`);
    return c.json(
      {
        comparisonId: record.id,
        createdAt: record.createdAt,
        rulesVersion: record.rulesVersion,
        subscriptionId: record.subscriptionId,
        version: record.clientVersion,
        request: record.request,
        result: record.result as z.output<typeof comparisonRecordSchema>["result"],
      },
      200,
    );
  });
}

export const getComparisonCsvRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "getComparisonCsv",
    method: "get",
    path: "/v1/Comparisons/{comparisonId}/csv",
    summary: "A saved comparison as CSV (not in the spec)",
    description:
      "The answer of POST /v1/Compare as it was saved, as the CSV that POST /v1/Compare answers with `Accept: text/csv` (whose `Content-Location` names this address), whatever the Accept header. Own account only.",
    tags: ["Calculation"],
    security: secured,
    middleware: [authenticate(service, { calculation: true })] as const,
    request: {
      params: z.object({ comparisonId: guid("comparisonId", "path", "The comparisonId of a comparison.") }),
    },
    responses: {
      200: {
        description: "The comparison as CSV (UTF-8 with a byte order mark).",
        headers: {
          "Content-Disposition": {
            description: 'attachment; filename="comparison-{comparisonId}.csv".',
            schema: { type: "string" as const },
          },
        },
        content: { "text/csv": { schema: z.string() } },
      },
      400: problems[400],
      401: problems[401],
      429: problems[429],
      404: problem("No comparison with that id in this account.", 404),
      500: problems[500],
    },
  });

/** GET /v1/Comparisons/{comparisonId}/csv: the saved answer as CSV, where the CSV answer's Content-Location points. */
export function registerGetComparisonCsv(api: Api, service: ServiceContext): void {
  api.openapi(getComparisonCsvRoute(service), async (c) => {
    const { comparisonId: id } = c.req.valid("param");
    const record = await service.storage.comparisons.get(c.get("subscription").ownerId, id);
    if (!record) throw notFound(`comparison ${id}`);
    const result = record.result as Parameters<typeof comparisonCsv>[0];
    return c.body(comparisonCsv(result), 200, comparisonCsvHeaders(record.id)) as never;
  });
}
