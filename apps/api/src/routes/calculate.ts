import { randomUUID } from "node:crypto";
import { RULES_VERSION } from "@cartax/engine";
import { parseCalculationRequest, runCalculation, toCarDetailInput } from "@cartax/schemas";
import { Hono } from "hono";
import type { AppEnv, ServiceContext } from "../http/app-env";
import { authenticate } from "../http/authenticate";
import { priceBasisOf } from "../http/price-basis";
import { notFound, validationError } from "../http/problem";
import { readJsonBody } from "../http/read-json-body";
import { withParameterLinks } from "../rule-book-page/line-parameters";
import { carExcludingVat } from "./car-detail-view";

/**
 * POST /v1/Calculate: the engine on a stored or inline car (inline wins), the lines in the
 * request's language, each with the parameters it used linked to the rule book (beyond the spec),
 * and the audit record saved (request as received, result, rules version,
 * subscription, time) before the answer is sent.
 */
export function calculateRoutes(service: ServiceContext) {
  const routes = new Hono<AppEnv>();
  routes.post("/", authenticate(service, { calculation: true }), async (c) => {
    const subscription = c.get("subscription");
    const body = await readJsonBody(c);
    const parsed = parseCalculationRequest(body);
    if (!parsed.ok) throw validationError(parsed.problem);
    const request = parsed.request;
    const priceBasis = priceBasisOf(c);
    let car = request.carDetail ? carExcludingVat(request.carDetail, subscription, priceBasis) : undefined;
    if (!car) {
      const id = (request.carDetailId ?? "").toLowerCase();
      const stored = await service.storage.carDetails.get(subscription.ownerId, id);
      if (!stored) throw notFound(`car detail ${id}`);
      car = stored.car;
    }
    const run = runCalculation(request, toCarDetailInput(car));
    if (!run.ok) throw validationError(run.problem);
    const lines = withParameterLinks(
      run.lines,
      run.results,
      request.userProfile.regionRegistration,
      service.publicBaseUrl,
    );
    // Figures in `lines`; a calculator and year without one in `unavailableLines`, never as 0.00.
    const result = { calculationId: randomUUID(), lines, unavailableLines: run.unavailableLines };
    // Serialised once: the audit record keeps the very bytes that are sent.
    const resultJson = JSON.stringify(result);
    await service.storage.calculations.insert(
      {
        id: result.calculationId,
        ownerId: subscription.ownerId,
        subscriptionId: subscription.id,
        request: body,
        result,
        rulesVersion: RULES_VERSION,
        clientVersion: request.version ?? null,
        createdAt: new Date().toISOString(),
      },
      resultJson,
    );
    return c.body(resultJson, 200, { "Content-Type": "application/json" });
  });
  return routes;
}
