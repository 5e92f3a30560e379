import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { Logger } from "pino";
import type { AppEnv } from "./app-env";
import type { ServiceMetrics } from "./metrics";
import { redactUrl } from "./redact";

/**
 * One structured log line per request (request id, method, route pattern, status, latency,
 * subscription id; the URL with the key redacted) and the request metrics. Bodies are never logged.
 */
export function accessLog(logger: Logger, metrics: ServiceMetrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const start = performance.now();
    try {
      await next();
    } finally {
      const seconds = (performance.now() - start) / 1000;
      const route = routeOf(c);
      const subscriptionId = c.get("subscription")?.id;
      // A replayed Idempotency-Key answer was counted with its first request (usage, per subscription).
      const counted = c.get("idempotentReplay") === true ? undefined : subscriptionId;
      metrics.observe(c.req.method, route, c.res.status, seconds, counted);
      // The line is assembled only when it is written (LOG_LEVEL=warn skips it).
      if (logger.isLevelEnabled("info"))
        logger.info(
          {
            requestId: c.get("requestId"),
            method: c.req.method,
            route,
            url: redactUrl(pathAndQuery(c.req.url)),
            status: c.res.status,
            latencyMs: Math.round(seconds * 100_000) / 100,
            subscriptionId: subscriptionId ?? null,
          },
          "request",
        );
    }
  };
}

/**
 * The route pattern that handled the request (e.g. `/v1/CarDetails/:carDetailId`); unmatched paths
 * share one label, so random URLs cannot blow up the metric's cardinality.
 */
function routeOf(c: Context<AppEnv>): string {
  const handlers = matchedRoutes(c).filter((r) => r.method !== "ALL");
  return handlers.at(-1)?.path ?? "(unmatched)";
}

/** The path and query of an absolute request URL, as sent (no URL object per request). */
function pathAndQuery(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const hash = url.indexOf("#", start);
  return hash < 0 ? url.slice(start) : url.slice(start, hash);
}
