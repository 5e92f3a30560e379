import { randomUUID } from "node:crypto";
import { project, RULES_VERSION } from "@cartax/engine";
import {
  fieldErrorsOfInputIssues,
  projectionRequestSchema,
  projectionResultSchema,
  storedCarError,
  toCalculationInput,
  toCarDetailInput,
  validationProblem,
} from "@cartax/schemas";
import { createRoute } from "@hono/zod-openapi";
import type { ServiceContext } from "../../http/app-env";
import { authenticate } from "../../http/authenticate";
import { validationError } from "../../http/problem";
import { jsonBody } from "../../http/read-json-body";
import type { Api } from "../../openapi/api";
import { projectionRequestExample } from "../../openapi/examples";
import { bodyProblems, computeQuery, json, jsonRequest, problem, secured } from "../../openapi/responses";
import { withParameterLinks } from "../pipeline/line-parameters";
import { referencedCar } from "../pipeline/stored-car";

export const projectionRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "projection",
    method: "post",
    path: "/v1/Projection",
    summary: "The taxes of one car over its holding period, year by year (not in the spec)",
    description:
      "Needs calculation access. A CalculationRequest whose `options` add `years` (1 to 10, default 4) and `assumeLatestRules`. Answers every requested calculator for each year from the registration year: the registration tax once, in its year; the annual road tax, benefit in kind, deductibility, rejected expenses and CO2 contribution every year, as CalculationLines per year, and `totals` per calculator (the sum of the yearly figures; for FiscalDeduction, a percentage, their mean). The first two years equal POST /v1/Calculate's lines. A year whose rules are not published is never extrapolated silently: by default its lines are in `unavailableLines` with outcome `rulesNotAvailable`; with `assumeLatestRules: true` they apply the latest published year's rules and each such line says which (`assumedRulesYear`, its description, provisional). The request and answer are saved as an audit record under `projectionId` (GET /v1/Projections/{projectionId}).",
    tags: ["Calculation"],
    security: secured,
    middleware: [authenticate(service, { calculation: true }), jsonBody] as const,
    request: {
      query: computeQuery,
      body: jsonRequest(projectionRequestSchema, projectionRequestExample),
    },
    responses: {
      200: json("The projection.", projectionResultSchema),
      ...bodyProblems,
      404: problem("carDetailId was given but no such car detail exists in this account.", 404),
    },
  });

/**
 * POST /v1/Projection: the engine's `project` on a stored or inline car, the lines in the
 * request's language with their rule-book links, and the audit record saved before the answer.
 */
export function registerProjection(api: Api, service: ServiceContext): void {
  api.openapi(projectionRoute(service), async (c) => {
    const subscription = c.get("subscription");
    const request = c.req.valid("json");
    const { priceBasis, include } = c.req.valid("query");
    const { car } = await referencedCar(service, subscription, request, priceBasis);
    const input = toCalculationInput(request, toCarDetailInput(car));
    const outcome = project(input, {
      years: request.options.years ?? undefined,
      assumeLatestRules: request.options.assumeLatestRules ?? undefined,
    });
    if (!outcome.ok) {
      const errors = fieldErrorsOfInputIssues(outcome.issues);
      throw validationError(
        validationProblem(request.carDetail ? errors : errors.map((error) => storedCarError(error))),
      );
    }
    const region = request.userProfile.regionRegistration;
    const result = {
      projectionId: randomUUID(),
      years: outcome.years.map(({ year, results, lines, unavailableLines }) => ({
        year,
        lines:
          include === "parameters"
            ? withParameterLinks(lines, results, region, service.publicBaseUrl)
            : lines,
        unavailableLines,
      })),
      totals: outcome.totals,
    };
    const resultJson = JSON.stringify(result);
    await service.storage.projections.insert(
      {
        id: result.projectionId,
        ownerId: subscription.ownerId,
        subscriptionId: subscription.id,
        request: c.get("body"),
        result,
        rulesVersion: RULES_VERSION,
        clientVersion: request.version ?? null,
        createdAt: new Date().toISOString(),
      },
      resultJson,
    );
    return c.body(resultJson, 200, { "Content-Type": "application/json" }) as never;
  });
}
