import { calculationRequestSchema, calculationResultSchema } from "@cartax/schemas";
import { createRoute } from "@hono/zod-openapi";
import type { ServiceContext } from "../../http/app-env";
import { type Api, registerDocumented } from "../../openapi/api";
import { calculationRequestExample } from "../../openapi/examples";
import { computeQuery, json } from "../../openapi/responses";
import { queryValues, validated } from "../../openapi/validation-hook";
import { calculating } from "../pipeline";
import { calculateAndRecord } from "./calculate-and-record";

export const calculateRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "calculate",
    method: "post",
    path: "/v1/Calculate",
    summary: "Run the taxation calculators for one car and one profile",
    description:
      "Needs calculation access. `carDetail` (inline) wins over `carDetailId`. `viewOptions` absent = 63 (all six). Each line carries the contract's fields plus `outcome` and `provisional`; `include=parameters` adds the parameters of the law each line used. The request and result are saved as an audit record under `calculationId` (GET /v1/Calculations/{calculationId} gives back the answer byte for byte). `lines` holds only figures: an amount, or the true zero of an exemption (`outcome: exempt`, 0.00). A requested calculator and year without a figure is never a line of 0.00: it is listed in `unavailableLines` with its `outcome` (`missingInput` with `missingFields`: the tax applies but an input is missing; `notApplicable`: the tax does not concern this taxpayer; `rulesNotAvailable`: the rules of that year are not published) and a localised `reason`.",
    ...calculating.operation(service),
    request: calculating.request(calculationRequestSchema, calculationRequestExample),
    responses: {
      200: json("The calculation result.", calculationResultSchema),
      ...calculating.problems("carDetailId was given but no such car detail exists in this account."),
    },
  });

/**
 * POST /v1/Calculate: the engine on a stored or inline car (inline wins), the lines in the
 * request's language, and the audit record saved (request as received, result, rules version,
 * subscription, time) before the answer is sent.
 */
export function registerCalculate(api: Api, service: ServiceContext): void {
  registerDocumented(api, calculateRoute(service), async (c) => {
    // One validation pass: the request schema (its car rules are the engine's carDetailIssues),
    // then calculate's own checks, which add the rules that need the registration date.
    const { priceBasis, include } = validated(c, "query", computeQuery, queryValues(c));
    const request = validated(c, "json", calculationRequestSchema, c.get("body"));
    const call = { service, subscription: c.get("subscription"), priceBasis, include };
    const resultJson = await calculateAndRecord(call, request, c.get("bodyText"));
    // The typed c.json would serialise again; the route's schema documents these bytes.
    return c.body(resultJson, 200, { "Content-Type": "application/json" });
  });
}
