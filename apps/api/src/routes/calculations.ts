import { Hono } from "hono";
import type { AppEnv, ServiceContext } from "../http/app-env";
import { authenticate } from "../http/authenticate";
import { notFound } from "../http/problem";
import { uuidParam } from "../http/uuid-param";
import { recordedResult } from "./recorded-result";

/**
 * GET /v1/Calculations/{calculationId}: the audit record of a calculation, to its own account
 * ("what did we say, under which rules?"). Not in the spec, which leaves retrieval open; like
 * Calculate it needs calculation access.
 */
export function calculationRoutes(service: ServiceContext) {
  const routes = new Hono<AppEnv>();
  routes.get("/:calculationId", authenticate(service, { calculation: true }), async (c) => {
    const id = uuidParam("calculationId", c.req.param("calculationId"));
    const record = await service.storage.calculations.get(c.get("subscription").ownerId, id);
    if (!record) throw notFound(`calculation ${id}`);
    return c.json({
      calculationId: record.id,
      createdAt: record.createdAt,
      rulesVersion: record.rulesVersion,
      subscriptionId: record.subscriptionId,
      version: record.clientVersion,
      request: record.request,
      result: recordedResult(record.result),
    });
  });
  return routes;
}
