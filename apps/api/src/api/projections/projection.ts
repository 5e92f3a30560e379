import { randomUUID } from "node:crypto";
import { project } from "@cartax/engine";
import {
  projectionRequestSchema,
  projectionResultSchema,
  toCalculationInput,
  toCarDetailInput,
} from "@cartax/schemas";
import { createRoute } from "@hono/zod-openapi";
import type { ServiceContext } from "../../http/app-env";
import type { Api } from "../../openapi/api";
import { projectionRequestExample } from "../../openapi/examples";
import { json } from "../../openapi/responses";
import {
  type CalculationCall,
  calculating,
  inputProblem,
  linkedLines,
  referencedCar,
  saveAnswer,
} from "../pipeline";

export const projectionRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "projection",
    method: "post",
    path: "/v1/Projection",
    summary: "The taxes of one car over its holding period, year by year (not in the spec)",
    description:
      "Needs calculation access. A CalculationRequest whose `options` add `years` (1 to 10, default 4) and `assumeLatestRules`. Answers every requested calculator for each year from the registration year: the registration tax once, in its year; the annual road tax, benefit in kind, deductibility, rejected expenses and CO2 contribution every year, as CalculationLines per year, and `totals` per calculator (the sum of the yearly figures; for FiscalDeduction, a percentage, their mean). The first two years equal POST /v1/Calculate's lines. A year whose rules are not published is never extrapolated silently: by default its lines are in `unavailableLines` with outcome `rulesNotAvailable`; with `assumeLatestRules: true` they apply the latest published year's rules and each such line says which (`assumedRulesYear`, its description, provisional). The request and answer are saved as an audit record under `projectionId` (GET /v1/Projections/{projectionId}).",
    ...calculating.operation(service),
    request: calculating.request(projectionRequestSchema, projectionRequestExample),
    responses: {
      200: json("The projection.", projectionResultSchema),
      ...calculating.problems("carDetailId was given but no such car detail exists in this account."),
    },
  });

/**
 * POST /v1/Projection: the engine's `project` on a stored or inline car, through the calculation
 * pipeline (pipeline/calculation-pipeline.ts): the car resolved once, its issues mapped once, the
 * lines in the request's language with their rule-book links, and the audit record saved before
 * the answer.
 */
export function registerProjection(api: Api, service: ServiceContext): void {
  api.openapi(projectionRoute(service), async (c) => {
    const request = c.req.valid("json");
    const call: CalculationCall = { service, subscription: c.get("subscription"), ...c.req.valid("query") };
    const referenced = await referencedCar(call, request);
    const outcome = project(toCalculationInput(request, toCarDetailInput(referenced.car)), {
      years: request.options.years ?? undefined,
      assumeLatestRules: request.options.assumeLatestRules ?? undefined,
    });
    if (!outcome.ok) throw inputProblem(outcome.issues, [referenced]);
    const region = request.userProfile.regionRegistration;
    const result = {
      projectionId: randomUUID(),
      years: outcome.years.map(({ year, results, lines, unavailableLines }) => ({
        year,
        lines: linkedLines(call, lines, results, region),
        unavailableLines,
      })),
      totals: outcome.totals,
    };
    const record = { id: result.projectionId, request: c.get("body"), result };
    const resultJson = await saveAnswer(call, service.storage.projections, record, request.version);
    return c.body(resultJson, 200, { "Content-Type": "application/json" }) as never;
  });
}
