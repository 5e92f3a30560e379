import { comparisonRecordSchema } from "@cartax/schemas";
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv, ServiceContext } from "../../http/app-env";
import { conditionalJson } from "../../http/conditional";
import type { Api } from "../../openapi/api";
import { etagHeader, ifNoneMatchQuery, notModified } from "../../openapi/conditional-headers";
import { guid, json, readProblems } from "../../openapi/responses";
import { ownRecord, savedRecordAnswer, savedRecordRead } from "../pipeline";
import { comparisonCsv, comparisonCsvHeaders } from "./comparison-csv";

/** The saved comparison's id, in the path of both reads. */
const comparisonIdParam = z.object({
  comparisonId: guid("comparisonId", "path", "The comparisonId of a comparison."),
});

/** The problems of both reads, the 404 naming the comparison. */
const noSuchComparison = readProblems("No comparison with that id in this account.");

/** The saved comparison the path names, of the caller's account (404 otherwise). */
const savedComparison = (c: Context<AppEnv>, service: ServiceContext, id: string) =>
  ownRecord(c, service.storage.comparisons, id, "comparison");

export const getComparisonRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "getComparison",
    method: "get",
    path: "/v1/Comparisons/{comparisonId}",
    summary: "Read the audit record of a comparison (not in the spec)",
    description:
      "What was asked, what was answered (the JSON answer of POST /v1/Compare) and under which rules version. Own account only.",
    ...savedRecordRead(service),
    request: { params: comparisonIdParam, headers: ifNoneMatchQuery },
    responses: {
      200: json("The audit record.", comparisonRecordSchema, { headers: etagHeader }),
      ...notModified,
      ...noSuchComparison,
    },
  });

/** GET /v1/Comparisons/{comparisonId}: the saved comparison, to its own account, as it was answered. */
export function registerGetComparison(api: Api, service: ServiceContext): void {
  api.openapi(getComparisonRoute(service), async (c) => {
    const record = await savedComparison(c, service, c.req.valid("param").comparisonId);
    return conditionalJson(c, JSON.stringify(savedRecordAnswer("comparisonId", record))) as never;
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
    ...savedRecordRead(service),
    request: { params: comparisonIdParam },
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
      ...noSuchComparison,
    },
  });

/** GET /v1/Comparisons/{comparisonId}/csv: the saved answer as CSV, where the CSV answer's Content-Location points. */
export function registerGetComparisonCsv(api: Api, service: ServiceContext): void {
  api.openapi(getComparisonCsvRoute(service), async (c) => {
    const record = await savedComparison(c, service, c.req.valid("param").comparisonId);
    const result = record.result as Parameters<typeof comparisonCsv>[0];
    return c.body(comparisonCsv(result), 200, comparisonCsvHeaders(record.id)) as never;
  });
}
