import { randomUUID } from "node:crypto";
import { RULES_VERSION } from "@cartax/engine";
import {
  type CalculationRequestBody,
  type CarDetailBody,
  type Include,
  type PriceBasis,
  runCalculation,
  toCarDetailInput,
} from "@cartax/schemas";
import type { Subscription } from "@cartax/storage";
import { ENGINE_VERSION } from "../../engine-version";
import type { ServiceContext } from "../../http/app-env";
import { notFound, validationError } from "../../http/problem";
import { carExcludingVat } from "../car-details/car-detail-view";
import { withParameterLinks } from "./line-parameters";

/**
 * One validated CalculationRequest calculated and recorded, as POST /v1/Calculate and each line of
 * POST /v1/Calculate/batch answer it: the car inline (in the request's price basis) or stored, the
 * engine, the lines in the request's language linked to the rule book, and the audit record
 * (request as received, result, rules and engine versions, subscription, time; compressed by the
 * storage) committed before it resolves. Resolves to the CalculationResult serialised once: the
 * audit record keeps the very bytes that are sent. Throws the problem of a stored car that is missing or does not fit the calculation.
 */
export async function calculateAndRecord(
  service: ServiceContext,
  subscription: Subscription,
  request: CalculationRequestBody,
  /** The request's JSON text as received, for the audit record. */
  received: string,
  priceBasis: PriceBasis | undefined,
  /** The `include` query parameter: `parameters` adds each line's parameters (beyond the spec). */
  include?: Include,
): Promise<string> {
  let car: CarDetailBody | undefined = request.carDetail
    ? carExcludingVat(request.carDetail, subscription, priceBasis)
    : undefined;
  if (!car) {
    const id = (request.carDetailId ?? "").toLowerCase();
    const stored = await service.storage.carDetails.get(subscription.ownerId, id);
    if (!stored) throw notFound(`car detail ${id}`);
    car = stored.car;
  }
  const run = runCalculation(request, toCarDetailInput(car));
  if (!run.ok) throw validationError(run.problem);
  // Figures in `lines`; a calculator and year without one in `unavailableLines`, never as 0.00.
  // Lean lines by default; with include=parameters each line also carries the parameters it used,
  // linked to the rule book (beyond the spec).
  const calculationId = randomUUID();
  const lines =
    include === "parameters"
      ? withParameterLinks(
          run.lines,
          run.results,
          request.userProfile.regionRegistration,
          service.publicBaseUrl,
        )
      : run.lines;
  const resultJson = JSON.stringify({ calculationId, lines, unavailableLines: run.unavailableLines });
  await service.storage.calculations.insert({
    id: calculationId,
    ownerId: subscription.ownerId,
    subscriptionId: subscription.id,
    request: received,
    result: resultJson,
    rulesVersion: RULES_VERSION,
    engineVersion: ENGINE_VERSION,
    clientVersion: request.version ?? null,
    createdAt: new Date().toISOString(),
  });
  return resultJson;
}
