import { calculationPageSchema } from "@cartax/schemas";
import type { CalculationRecord } from "@cartax/storage";
import { createRoute } from "@hono/zod-openapi";
import type { ServiceContext } from "../../http/app-env";
import type { Api } from "../../openapi/api";
import { json, listProblems } from "../../openapi/responses";
import { linkHeader, listQuery, listRequest, pageAnswer, savedRecordRead } from "../pipeline";
import { recordedResult } from "./recorded-result";

export const listCalculationsRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "listCalculations",
    method: "get",
    path: "/v1/Calculations",
    summary: "List the account's calculations (not in the spec)",
    description:
      "The audit records of the account's calculations, newest first, a page at a time; each with its request and its answer's figures (the whole answer: GET /v1/Calculations/{calculationId}). Filters: `carDetailId`, `from`, `until`. Own account only.",
    ...savedRecordRead(service),
    request: { query: listQuery(true) },
    responses: {
      200: json("A page of calculations.", calculationPageSchema, { headers: linkHeader }),
      ...listProblems,
    },
  });

type Line = { viewOption: string; year: number; rawValue: number };
type Unavailable = { viewOption: string; year: number; outcome: string };

/** A calculation as a list gives it: the record's fields, the request, the answer's figures. */
export function calculationListItem(record: CalculationRecord) {
  const parsed = JSON.parse(record.result);
  const result = (record.storedAs === "plain" ? recordedResult(parsed) : parsed) as {
    lines?: Line[];
    unavailableLines?: Unavailable[];
  };
  return {
    calculationId: record.id,
    createdAt: record.createdAt,
    rulesVersion: record.rulesVersion,
    engineVersion: record.engineVersion,
    subscriptionId: record.subscriptionId,
    version: record.clientVersion,
    // A byte-order mark is not JSON inside a document (a body may start with one).
    request: JSON.parse(record.request.replace(/^\uFEFF/, "")),
    summary: {
      lines: (result.lines ?? []).map(({ viewOption, year, rawValue }) => ({ viewOption, year, rawValue })),
      unavailableLines: (result.unavailableLines ?? []).map(({ viewOption, year, outcome }) => ({
        viewOption,
        year,
        outcome,
      })),
    },
  };
}

/** GET /v1/Calculations: the caller's account's calculations, newest first, a page at a time. */
export function registerListCalculations(api: Api, service: ServiceContext): void {
  api.openapi(listCalculationsRoute(service), async (c) => {
    const request = listRequest(c.get("subscription").ownerId, c.req.path, c.req.valid("query"));
    const page = await service.storage.calculations.list(request);
    return pageAnswer(c, service, page, calculationListItem) as never;
  });
}
