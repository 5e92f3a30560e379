import { createRoute, z } from "@hono/zod-openapi";
import type { ServiceMetrics } from "../../http/metrics";
import type { Api } from "../../openapi/api";
import { open } from "../../openapi/responses";

export const getMetricsRoute = createRoute({
  operationId: "getMetrics",
  method: "get",
  path: "/metrics",
  summary: "Prometheus metrics (text format)",
  tags: ["Operations"],
  security: open,
  responses: { 200: { description: "Metrics.", content: { "text/plain": { schema: z.string() } } } },
});

/** GET /metrics: the process's Prometheus metrics. */
export function registerGetMetrics(api: Api, metrics: ServiceMetrics): void {
  api.openapi(getMetricsRoute, async (c) =>
    c.text(await metrics.registry.metrics(), 200, { "Content-Type": metrics.registry.contentType }),
  );
}
