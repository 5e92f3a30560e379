import { computeTaxMatrix, enumNames, ProfileStatus, Region, RegistrationOn } from "@cartax/engine";
import {
  fieldErrorsOf,
  fieldErrorsOfInputIssues,
  isoDateSchema,
  toCarDetailInput,
  validationProblem,
} from "@cartax/schemas";
import { Hono } from "hono";
import type { AppEnv, ServiceContext } from "../http/app-env";
import { authenticate } from "../http/authenticate";
import { notFound, validationError } from "../http/problem";
import { uuidQuery } from "../http/uuid-param";

// Building an Intl formatter costs more than a whole matrix: build it once.
const BELGIAN_DATE = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Brussels" });

/** Today's date in Belgium (yyyy-MM-dd): the default registration date of the matrix. */
export function todayInBelgium(now: Date = new Date()): string {
  return BELGIAN_DATE.format(now);
}

/**
 * GET /v1/GetTaxMatrix?id=: registration tax and yearly road tax of a stored car for every
 * ProfileStatus × RegistrationOn and every Region. The spec gives no date: the matrix is computed
 * for a registration today (Belgian time), or on the optional `registrationDate` (yyyy-MM-dd);
 * each cell equals Calculate's current-year line for the same profile and date (null where there is
 * no amount: an exemption, as the spec says, or no figure; Calculate's unavailableLines say why).
 */
export function taxMatrixRoutes(service: ServiceContext) {
  const routes = new Hono<AppEnv>();
  routes.get("/", authenticate(service, { calculation: true }), async (c) => {
    const id = uuidQuery("id", c.req.queries("id"));
    const dateParam = c.req.query("registrationDate");
    let registrationDate = todayInBelgium();
    if (dateParam !== undefined) {
      const parsed = isoDateSchema.safeParse(dateParam);
      if (!parsed.success)
        throw validationError(validationProblem(fieldErrorsOf(parsed.error, ["registrationDate"])));
      registrationDate = parsed.data;
    }
    const stored = await service.storage.carDetails.get(c.get("subscription").ownerId, id);
    if (!stored) throw notFound(`car detail ${id}`);
    const outcome = computeTaxMatrix(toCarDetailInput(stored.car), { registrationDate });
    if (outcome.ok) return c.json({ carDetailId: stored.id, registrationDate, rows: outcome.matrix.rows });
    const dateIssues = outcome.issues.filter((issue) => issue.field === "options.registrationDate");
    if (dateIssues.length > 0) {
      // The query parameter is the caller's `registrationDate`, not an options object.
      const named = dateIssues.map((issue) => ({ ...issue, field: "registrationDate" }));
      throw validationError(validationProblem(fieldErrorsOfInputIssues(named)));
    }
    // The spec allows a 400 only for the id. A stored car that cannot be taxed on this date (no wltp
    // for a car first registered from 2021, a first registration after the date) has no result in
    // any cell: every cell is null, and carDetailIssues says why.
    return c.json({
      carDetailId: stored.id,
      registrationDate,
      rows: emptyMatrixRows(),
      carDetailIssues: fieldErrorsOfInputIssues(outcome.issues),
    });
  });
  return routes;
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
