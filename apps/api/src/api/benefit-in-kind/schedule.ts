import { benefitInKindSchedule } from "@cartax/engine";
import {
  scheduleRequestSchema,
  scheduleResultSchema,
  toCalculationInput,
  toCarDetailInput,
} from "@cartax/schemas";
import { createRoute } from "@hono/zod-openapi";
import type { ServiceContext } from "../../http/app-env";
import type { Api } from "../../openapi/api";
import { json } from "../../openapi/responses";
import { type CalculationCall, calculating, inputProblem, referencedCar } from "../pipeline";

/** An example body: a car made available mid-month, its 12-month anniversary in the period. */
const scheduleRequestExample = {
  carDetail: {
    catalogPrice: 30000,
    firstRegistration: "2025-11-20",
    fuel: "Petrol",
    euroStandard: "Euro6",
    kilowatt: 96,
    wltp: 130,
    nedC2: 0,
    capacity: 1498,
  },
  userProfile: {
    postalCode: 1000,
    status: "SelfEmployed",
    registrationOn: "CompanyRegistration",
    regionRegistration: "Brussels",
    language: "en",
  },
  options: { registrationDate: "2025-11-20", from: "2025-11-20", until: "2026-12-31", ownMonthlyCost: 50 },
};

export const scheduleRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "benefitInKindSchedule",
    method: "post",
    path: "/v1/BenefitInKind/schedule",
    summary: "The benefit in kind month by month over a period of availability (not in the spec)",
    description:
      "Needs calculation access. A CalculationRequest whose `options` add `from` (the first day the car is available, default the registration date), `until` (the last day, counted) and `assumeLatestRules`. Answers each calendar month with its days of availability, the age coefficient of that month (started months since the first registration), the CO2 percentage and minimum of its year, the month's amount (the yearly amount × the days ÷ the days of the year, to the cent), the own contribution deducted (`ownMonthlyCost`; a partial month in proportion to its days) and each calendar year's total as the tax form (281.10/281.20) carries it, with the parameters and their sources. Computed only: nothing is saved.",
    ...calculating.operation(service),
    request: calculating.request(scheduleRequestSchema, scheduleRequestExample),
    responses: {
      200: json("The schedule.", scheduleResultSchema),
      ...calculating.problems("carDetailId was given but no such car detail exists in this account."),
    },
  });

/** POST /v1/BenefitInKind/schedule: the engine's `benefitInKindSchedule` on a stored or inline car. */
export function registerSchedule(api: Api, service: ServiceContext): void {
  api.openapi(scheduleRoute(service), async (c) => {
    const request = c.req.valid("json");
    const call: CalculationCall = { service, subscription: c.get("subscription"), ...c.req.valid("query") };
    const referenced = await referencedCar(call, request);
    const outcome = benefitInKindSchedule(toCalculationInput(request, toCarDetailInput(referenced.car)), {
      from: request.options.from ?? request.options.registrationDate,
      until: request.options.until,
      assumeLatestRules: request.options.assumeLatestRules ?? undefined,
    });
    if (!outcome.ok) throw inputProblem(outcome.issues, [referenced]);
    const { ok: _ok, ...schedule } = outcome;
    return c.body(JSON.stringify(schedule), 200, { "Content-Type": "application/json" }) as never;
  });
}
