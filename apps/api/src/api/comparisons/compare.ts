import { randomUUID } from "node:crypto";
import { type ComparisonCar, compare } from "@cartax/engine";
import {
  compareRequestSchema,
  comparisonResultSchema,
  toCalculationOptions,
  toCarDetailInput,
  toProjectionOptions,
  toTaxpayerProfile,
} from "@cartax/schemas";
import { createRoute, z } from "@hono/zod-openapi";
import { accepts } from "hono/accepts";
import type { ServiceContext } from "../../http/app-env";
import type { Api } from "../../openapi/api";
import { compareRequestExample } from "../../openapi/examples";
import {
  type CalculationCall,
  calculating,
  inputProblem,
  linkedLines,
  type ReferencedCar,
  referencedCars,
  saveAnswer,
} from "../pipeline";
import { comparisonCsv, comparisonCsvHeaders } from "./comparison-csv";

export const compareRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "compare",
    method: "post",
    path: "/v1/Compare",
    summary: "Compare 2 to 50 cars for one profile over the holding period (not in the spec)",
    description:
      "Needs calculation access. `cars` holds 2 to 50 cars, each `{ carDetailId }` (a stored car) or `{ carDetail }` (inline), for one `userProfile` and one set of `options` (those of POST /v1/Projection, the holding period counted by the day, plus `rankBy`). Answers one row per car in the caller's order, each with the lines of every year of its projection, its totals and their `summary` (employer's taxes, bases never added to taxes, percentages, estimates at a stated rate), plus a `ranking` by the chosen total (`rankBy`: a calculator, lowest first, FiscalDeduction highest first; or `employerTaxes`, the default: registration tax + annual road tax + CO2 contribution over the period); ranked on a common basis: only the calculators and years every car has a figure for count (`ranking.basis`); those no car has, such as years whose rules are not published, are left out for all (`ranking.leftOut`); a car lacking a figure another car has ranks after the cars lacking fewer and names it (`entries[].missingFigures`). With `Accept: text/csv` the same answer comes as CSV for a spreadsheet (UTF-8 with a byte order mark, `Content-Disposition` with a file name): one row per car, one column per calculator and year, then each total and whether it is complete, the rank, the ranked value and the missing figures; an empty cell has no figure. Saved under `comparisonId` (GET /v1/Comparisons/{comparisonId}); the CSV answer's `Content-Location` is GET /v1/Comparisons/{comparisonId}/csv, the saved comparison as CSV.",
    ...calculating.operation(service),
    request: calculating.request(compareRequestSchema, compareRequestExample),
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
      ...calculating.problems("A car's carDetailId names no car detail of this account."),
    },
  });

/** The engine's comparison of the resolved cars, for the request's profile and options. */
function compareCars(request: CompareRequest, referenced: readonly ReferencedCar[]) {
  const cars: ComparisonCar[] = referenced.map(({ car, carDetailId }) => ({
    car: toCarDetailInput(car),
    carDetailId,
    name: car.name ?? null,
  }));
  const { options, userProfile } = request;
  return compare(cars, toTaxpayerProfile(userProfile), {
    ...toCalculationOptions(options),
    ...toProjectionOptions(options),
    rankBy: options.rankBy ?? undefined,
    ...(userProfile.viewOptions != null ? { viewOptions: userProfile.viewOptions } : {}),
  });
}

/** The ComparisonResult: one row per car in the caller's order, its lines linked as the call asks. */
function comparisonResult(call: CalculationCall, request: CompareRequest, outcome: ComparisonOutcome) {
  const region = request.userProfile.regionRegistration;
  return {
    comparisonId: randomUUID(),
    years: outcome.rows[0]?.years.map((y) => y.year) ?? [],
    rows: outcome.rows.map((row) => ({
      carDetailId: row.carDetailId,
      name: row.name,
      lines: linkedLines(
        call,
        row.lines,
        row.years.flatMap((y) => y.results),
        region,
      ),
      unavailableLines: row.unavailableLines,
      totals: row.totals,
      summary: row.summary,
    })),
    ranking: outcome.ranking,
  };
}

type CompareRequest = z.output<typeof compareRequestSchema>;
type ComparisonOutcome = Extract<ReturnType<typeof compare>, { ok: true }>;

/**
 * POST /v1/Compare: the engine's `compare` on the stored or inline cars, in the caller's order,
 * through the calculation pipeline (pipeline/calculation-pipeline.ts), saved with its audit record
 * before the answer, as JSON or CSV.
 */
export function registerCompare(api: Api, service: ServiceContext): void {
  api.openapi(compareRoute(service), async (c) => {
    const request = c.req.valid("json");
    const call: CalculationCall = { service, subscription: c.get("subscription"), ...c.req.valid("query") };
    const referenced = await referencedCars(call, request.cars);
    const outcome = compareCars(request, referenced);
    if (!outcome.ok) throw inputProblem(outcome.issues, referenced);
    const result = comparisonResult(call, request, outcome);
    const record = { id: result.comparisonId, request: c.get("body"), result };
    const resultJson = await saveAnswer(call, service.storage.comparisons, record, request.version);
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
      "Content-Location": `/v1/Comparisons/${result.comparisonId}`,
    }) as never;
  });
}
