import { randomUUID } from "node:crypto";
import { project } from "@cartax/engine";
import {
  projectionRequestSchema,
  projectionResultSchema,
  toCalculationInput,
  toCarDetailInput,
  toProjectionOptions,
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
      "Needs calculation access. A CalculationRequest whose `options` add the holding period (`years`, 1 to 10, default 4, from the registration date; or `until`, the last day held), `assumeLatestRules`, and the rates that turn bases into estimated taxes (`corporateTaxRate`, `employeeMarginalRate`, `yearlyCarCosts`). The period is counted by the day: each calendar year it touches (`years[].period`) holds that year's part: the registration tax once; the annual road tax per 12-month taxable period from the registration month that starts while the car is held (a period cut short refunded from the month of deregistration); the benefit in kind per day, month by month at each month's age coefficient (POST /v1/BenefitInKind/schedule), the rejected expenses on it; the CO2 contribution per month of availability; the deduction's percentage. A line counted on part of a year says which part. `totals` per calculator say what they add (`kind`: employerTax, base, percentage); `summary` groups them: the employer's taxes, the bases (never added to taxes), the percentages, and estimates at a stated rate. A line equals POST /v1/Calculate's only where the period covers its whole year (and, for the benefit in kind, when the age coefficient does not change that year). A line whose parameters are not all published is never extrapolated silently: by default it is in `unavailableLines` (outcome `rulesNotAvailable`, `missingParameters` naming them); with `assumeLatestRules: true` it uses every row in force on its dates and carries only the missing parameters from their latest row (`assumedParameters`, its description, provisional). The request and answer are saved as an audit record under `projectionId` (GET /v1/Projections/{projectionId}).",
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
    const outcome = project(
      toCalculationInput(request, toCarDetailInput(referenced.car)),
      toProjectionOptions(request.options),
    );
    if (!outcome.ok) throw inputProblem(outcome.issues, [referenced]);
    const region = request.userProfile.regionRegistration;
    const result = {
      projectionId: randomUUID(),
      from: outcome.from,
      until: outcome.until,
      years: outcome.years.map(({ year, period, results, lines, unavailableLines }) => ({
        year,
        period,
        lines: linkedLines(call, lines, results, region),
        unavailableLines,
      })),
      totals: outcome.totals,
      summary: outcome.summary,
    };
    const record = { id: result.projectionId, request: c.get("body"), result };
    const resultJson = await saveAnswer(call, service.storage.projections, record, request.version);
    return c.body(resultJson, 200, { "Content-Type": "application/json" }) as never;
  });
}
