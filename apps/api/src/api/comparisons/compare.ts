import { randomUUID } from "node:crypto";
import { type ComparisonCar, compare, RULES_VERSION } from "@cartax/engine";
import {
  compareRequestSchema,
  comparisonResultSchema,
  fieldErrorsOfInputIssues,
  storedCarError,
  toCalculationOptions,
  toCarDetailInput,
  toTaxpayerProfile,
  validationProblem,
} from "@cartax/schemas";
import { createRoute, z } from "@hono/zod-openapi";
import { accepts } from "hono/accepts";
import type { ServiceContext } from "../../http/app-env";
import { authenticate } from "../../http/authenticate";
import { validationError } from "../../http/problem";
import { jsonBody } from "../../http/read-json-body";
import type { Api } from "../../openapi/api";
import { compareRequestExample } from "../../openapi/examples";
import { bodyProblems, computeQuery, jsonRequest, problem, secured } from "../../openapi/responses";
import { withParameterLinks } from "../pipeline/line-parameters";
import { type ReferencedCar, referencedCar } from "../pipeline/stored-car";
import { comparisonCsv, comparisonCsvHeaders } from "./comparison-csv";

export const compareRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "compare",
    method: "post",
    path: "/v1/Compare",
    summary: "Compare 2 to 50 cars for one profile over the holding period (not in the spec)",
    description:
      "Needs calculation access. `cars` holds 2 to 50 cars, each `{ carDetailId }` (a stored car) or `{ carDetail }` (inline), for one `userProfile` and one set of `options` (those of POST /v1/Projection plus `rankBy`). Answers one row per car in the caller's order, each with the lines of every year of its projection and its totals, plus a `ranking` by the chosen total (`rankBy`: a calculator, lowest first, FiscalDeduction highest first; or `employerTaxes`, the default: registration tax + annual road tax + CO2 contribution over the period); ranked on a common basis: only the calculators and years every car has a figure for count (`ranking.basis`); those no car has, such as years whose rules are not published, are left out for all (`ranking.leftOut`); a car lacking a figure another car has ranks after the cars lacking fewer and names it (`entries[].missingFigures`). With `Accept: text/csv` the same answer comes as CSV for a spreadsheet (UTF-8 with a byte order mark, `Content-Disposition` with a file name): one row per car, one column per calculator and year, then each total and whether it is complete, the rank, the ranked value and the missing figures; an empty cell has no figure. Saved under `comparisonId` (GET /v1/Comparisons/{comparisonId}); the CSV answer's `Content-Location` is GET /v1/Comparisons/{comparisonId}/csv, the saved comparison as CSV.",
    tags: ["Calculation"],
    security: secured,
    middleware: [authenticate(service, { calculation: true }), jsonBody] as const,
    request: {
      query: computeQuery,
      body: jsonRequest(compareRequestSchema, compareRequestExample),
    },
    responses: {
      200: {
        description: "The comparison, as JSON or (Accept: text/csv) as CSV.",
        headers: {
          "Content-Location": {
            description:
              "The saved comparison: /v1/Comparisons/{comparisonId} (JSON); for the CSV answer /v1/Comparisons/{comparisonId}/csv, which answers the same CSV.",
            schema: { type: "string" as const },
          },
          "Content-Disposition": {
            description: 'CSV answer only: attachment; filename="comparison-{comparisonId}.csv".',
            schema: { type: "string" as const },
          },
        },
        content: {
          "application/json": { schema: comparisonResultSchema },
          "text/csv": {
            schema: z.string().meta({
              description:
                "After a UTF-8 byte order mark, header carDetailId,name,<Calculator> <year>…, per calculator `<Calculator> total` (FiscalDeduction: `FiscalDeduction mean`) and `<…> complete` (true/false), then rank,ranked value,missing figures; one line per car in the caller's order; figures with a decimal point; an empty cell has no figure.",
            }),
          },
        },
      },
      ...bodyProblems,
      404: problem("A car's carDetailId names no car detail of this account.", 404),
    },
  });

/**
 * POST /v1/Compare: the engine's `compare` on the stored or inline cars, in the caller's order,
 * saved with its audit record before the answer, as JSON or CSV.
 */
export function registerCompare(api: Api, service: ServiceContext): void {
  api.openapi(compareRoute(service), async (c) => {
    const subscription = c.get("subscription");
    const request = c.req.valid("json");
    const { priceBasis, include } = c.req.valid("query");
    const referenced: ReferencedCar[] = [];
    // One after the other: at most 50 look-ups by primary key of the caller's own account.
    for (const [index, reference] of request.cars.entries()) {
      referenced.push(
        await referencedCar(service, subscription, reference, priceBasis, `cars.${index}.carDetailId`),
      );
    }
    const cars: ComparisonCar[] = referenced.map(({ car, carDetailId }) => ({
      car: toCarDetailInput(car),
      carDetailId,
      name: car.name ?? null,
    }));
    const { options, userProfile } = request;
    const outcome = compare(cars, toTaxpayerProfile(userProfile), {
      ...toCalculationOptions(options),
      years: options.years ?? undefined,
      assumeLatestRules: options.assumeLatestRules ?? undefined,
      rankBy: options.rankBy ?? undefined,
      ...(userProfile.viewOptions != null ? { viewOptions: userProfile.viewOptions } : {}),
    });
    if (!outcome.ok) {
      // The engine names a car `cars[1].…`; problems name it as the body's schema does,
      // `cars.1.…` (issue 31), and a stored car's issue names its carDetailId, as Calculate does.
      const errors = fieldErrorsOfInputIssues(outcome.issues).map((error) => {
        const index = /^cars\[(\d+)\]\./.exec(error.field)?.[1];
        if (index === undefined) return error;
        const dotted = {
          ...error,
          field: error.field.replace(`cars[${index}].`, `cars.${index}.`),
          message: error.message.replaceAll(`cars[${index}].`, `cars.${index}.`),
        };
        const stored = referenced[Number(index)]?.carDetailId != null;
        return stored ? storedCarError(dotted, `cars.${index}.`) : dotted;
      });
      throw validationError(validationProblem(errors));
    }
    const region = userProfile.regionRegistration;
    const result = {
      comparisonId: randomUUID(),
      years: outcome.rows[0]?.years.map((y) => y.year) ?? [],
      rows: outcome.rows.map((row) => ({
        carDetailId: row.carDetailId,
        name: row.name,
        lines:
          include === "parameters"
            ? withParameterLinks(
                row.lines,
                row.years.flatMap((y) => y.results),
                region,
                service.publicBaseUrl,
              )
            : row.lines,
        unavailableLines: row.unavailableLines,
        totals: row.totals,
      })),
      ranking: outcome.ranking,
    };
    const resultJson = JSON.stringify(result);
    await service.storage.comparisons.insert(
      {
        id: result.comparisonId,
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
    const location = `/v1/Comparisons/${result.comparisonId}`;
    // Content negotiation by quality: CSV only when the caller prefers it to JSON (`Accept: text/csv`).
    const media = accepts(c, {
      header: "Accept",
      supports: ["application/json", "text/csv"],
      default: "application/json",
    });
    c.header("Vary", "Accept");
    if (media === "text/csv") {
      return c.body(comparisonCsv(result), 200, comparisonCsvHeaders(result.comparisonId)) as never;
    }
    return c.body(resultJson, 200, {
      "Content-Type": "application/json",
      "Content-Location": location,
    }) as never;
  });
}
