import { computeTaxMatrix, enumNames, ProfileStatus, Region, RegistrationOn } from "@cartax/engine";
import {
  fieldErrorsOfInputIssues,
  isoDateSchema,
  taxMatrixResultSchema,
  toCarDetailInput,
  validationProblem,
} from "@cartax/schemas";
import { createRoute, z } from "@hono/zod-openapi";

import type { ServiceContext } from "../../http/app-env";
import { authenticate } from "../../http/authenticate";
import { todayInBelgium } from "../../http/belgian-date";
import { taxMatrixJson } from "../../http/fast-json";
import { notFound, validationError } from "../../http/problem";
import { type Api, registerDocumented } from "../../openapi/api";
import { guid, json, problem, problems, secured } from "../../openapi/responses";
import { queryValues, validated } from "../../openapi/validation-hook";

/** The matrix's query: the car, and the registration date (default today in Belgium). */
const taxMatrixQuery = z.object({
  id: guid("id", "query", "The car detail id."),
  registrationDate: isoDateSchema
    .optional()
    .openapi({ description: "yyyy-MM-dd; default today in Belgium.", example: "2025-03-01" }),
});

export const getTaxMatrixRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "getTaxMatrix",
    method: "get",
    path: "/v1/GetTaxMatrix",
    summary: "Registration tax and yearly road tax for every profile and region",
    description:
      "Needs calculation access. Computed for a registration today (Belgian time) unless `registrationDate` is given. Each cell equals Calculate's current-year line for the same inputs; null where there is no amount: an exemption (as the spec says) or no figure (missing input, not applicable, rules not published: Calculate's `unavailableLines` for the same profile say which). A cell is never 0 for a missing figure.",
    tags: ["Calculation"],
    security: secured,
    middleware: [authenticate(service, { calculation: true })] as const,
    request: { query: taxMatrixQuery },
    responses: {
      200: json("The tax matrix.", taxMatrixResultSchema),
      400: problems[400],
      401: problems[401],
      429: problems[429],
      404: problem("No car detail with that id in this account.", 404),
      500: problems[500],
    },
  });

/**
 * GET /v1/GetTaxMatrix?id=: registration tax and yearly road tax of a stored car for every
 * ProfileStatus × RegistrationOn and every Region. The spec gives no date: the matrix is computed
 * for a registration today (Belgian time), or on the optional `registrationDate` (yyyy-MM-dd);
 * each cell equals Calculate's current-year line for the same profile and date (null where there is
 * no amount: an exemption, as the spec says, or no figure; Calculate's unavailableLines say why).
 */
export function registerGetTaxMatrix(api: Api, service: ServiceContext): void {
  // The query validated in one synchronous pass (validated), documented by the same route.
  registerDocumented(api, getTaxMatrixRoute(service), async (c) => {
    const query = validated(c, "query", taxMatrixQuery, queryValues(c));
    const id = query.id;
    const registrationDate = query.registrationDate ?? todayInBelgium();
    const stored = await service.storage.carDetails.get(c.get("subscription").ownerId, id);
    if (!stored) throw notFound(`car detail ${id}`);
    const known = rememberedMatrix(stored, registrationDate);
    if (known !== undefined) return c.body(known, 200, JSON_TYPE);
    const outcome = computeTaxMatrix(toCarDetailInput(stored.car), { registrationDate });
    if (outcome.ok) {
      // JSON.stringify of { carDetailId, registrationDate, rows }, written faster (http/fast-json.ts).
      const json = taxMatrixJson(stored.id, registrationDate, outcome.matrix.rows);
      remember(stored, registrationDate, json);
      return c.body(json, 200, JSON_TYPE);
    }
    const dateIssues = outcome.issues.filter((issue) => issue.field === "options.registrationDate");
    if (dateIssues.length > 0) {
      // The query parameter is the caller's `registrationDate`, not an options object.
      const named = dateIssues.map((issue) => ({ ...issue, field: "registrationDate" }));
      throw validationError(validationProblem(fieldErrorsOfInputIssues(named)));
    }
    // The spec allows a 400 only for the id. A stored car that cannot be taxed on this date (no wltp
    // for a car first registered from 2021, a first registration after the date) has no result in
    // any cell: every cell is null, and carDetailIssues says why.
    return c.json(
      {
        carDetailId: stored.id,
        registrationDate,
        rows: emptyMatrixRows(),
        // The engine's messages name the calculation's options.registrationDate; here it is the query's.
        carDetailIssues: fieldErrorsOfInputIssues(
          outcome.issues.map((issue) => ({
            ...issue,
            message: issue.message.replaceAll("options.registrationDate", "registrationDate"),
          })),
        ),
      },
      200,
    );
  });
}

const JSON_TYPE = { "Content-Type": "application/json" };

/**
 * Matrix answers by stored car record, then registration date. A matrix is a function of the car
 * and the date alone under this process's rules (the engine has no clock and no other input), and
 * the car-detail store hands out one frozen record per car until the database changes (on SQLite,
 * until any connection commits: `data_version`; on PostgreSQL, until a write to the car details is
 * notified, within the change feed's window, storage's postgres/change-feed.ts); a car written
 * since is a new record, so its matrix is computed again. Keyed weakly: a record the store forgot
 * takes its answers with it. Asked again for the same car and date,
 * the matrix costs a look-up instead of its calculator runs and a serialisation (bench/README.md).
 */
const answers = new WeakMap<object, Map<string, string>>();
/** Registration dates remembered per car: callers ask for today, or a few dates of a fleet plan. */
const DATES_PER_CAR = 16;

function rememberedMatrix(stored: object, registrationDate: string): string | undefined {
  return answers.get(stored)?.get(registrationDate);
}

function remember(stored: object, registrationDate: string, json: string): void {
  let byDate = answers.get(stored);
  if (!byDate) {
    byDate = new Map();
    answers.set(stored, byDate);
  }
  if (byDate.size >= DATES_PER_CAR) {
    // A new map rather than clear(): V8 gives a cleared map's new table the generation of its old
    // one, so a map that once reached the old generation would keep every answer set into it alive
    // until the next full collection (bench/README.md, "The service's own promotion").
    byDate = new Map();
    answers.set(stored, byDate);
  }
  byDate.set(registrationDate, json);
}

/** The matrix with no result in any cell: every status × holder, every region, null amounts. */
function emptyMatrixRows() {
  return enumNames(ProfileStatus).flatMap((status) =>
    enumNames(RegistrationOn).map((registrationOn) => ({
      status,
      registrationOn,
      regions: enumNames(Region).map((region) => ({ region, roadTax: null, yearlyTax: null })),
    })),
  );
}
