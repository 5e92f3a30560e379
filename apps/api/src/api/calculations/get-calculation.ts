import { calculationRecordSchema } from "@cartax/schemas";
import type { CalculationRecord } from "@cartax/storage";
import { createRoute, z } from "@hono/zod-openapi";
import type { ServiceContext } from "../../http/app-env";
import { conditionalJson } from "../../http/conditional";
import type { Api } from "../../openapi/api";
import { etagHeader, ifNoneMatchQuery, notModified } from "../../openapi/conditional-headers";
import { guid, json, readProblems } from "../../openapi/responses";
import { ownRecord, savedRecordRead } from "../pipeline";
import { recordedResult } from "./recorded-result";

export const getCalculationRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "getCalculation",
    method: "get",
    path: "/v1/Calculations/{calculationId}",
    summary: "Read the audit record of a calculation (not in the spec)",
    description: "What was asked, what was answered and under which rules version. Own account only.",
    ...savedRecordRead(service),
    request: {
      params: z.object({ calculationId: guid("calculationId", "path", "The calculationId of a result.") }),
      headers: ifNoneMatchQuery,
    },
    responses: {
      200: json("The audit record.", calculationRecordSchema, { headers: etagHeader }),
      ...notModified,
      ...readProblems("No calculation with that id in this account."),
    },
  });

/**
 * GET /v1/Calculations/{calculationId}: the audit record of a calculation, to its own account
 * ("what did we say, under which rules?"). Not in the spec, which leaves retrieval open; like
 * Calculate it needs calculation access. The record's `request` and `result` are the stored texts
 * themselves, so `result` is byte for byte the answer that was sent.
 */
export function registerGetCalculation(api: Api, service: ServiceContext): void {
  api.openapi(getCalculationRoute(service), async (c) => {
    const { calculationId: id } = c.req.valid("param");
    const record = await ownRecord(c, service.storage.calculations, id, "calculation");
    return conditionalJson(c, calculationRecordJson(record)) as never;
  });
}

/**
 * The record as JSON: its fields, then the request and result texts as they were stored. A record
 * made before the compressed audit (`plain`) holds JSON.stringify of what was received and
 * answered, in the shape of its day: its result goes through `recordedResult` (so no line without a
 * figure ever reads as a zero) and is written again.
 */
export function calculationRecordJson(record: CalculationRecord): string {
  const fields = JSON.stringify({
    calculationId: record.id,
    createdAt: record.createdAt,
    rulesVersion: record.rulesVersion,
    engineVersion: record.engineVersion,
    subscriptionId: record.subscriptionId,
    version: record.clientVersion,
  });
  const result =
    record.storedAs === "plain" ? JSON.stringify(recordedResult(JSON.parse(record.result))) : record.result;
  // A byte-order mark is not JSON inside a document (a body may start with one).
  const request = record.request.replace(/^\uFEFF/, "");
  return `${fields.slice(0, -1)},"request":${request},"result":${result}}`;
}
