import { RULES_VERSION } from "@cartax/engine";
import { type Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { sql } from "kysely";
import { accessLog } from "./http/access-log";
import { allowedMethods } from "./http/allowed-methods";
import type { AppEnv, ServiceContext } from "./http/app-env";
import { WWW_AUTHENTICATE } from "./http/authenticate";
import type { ServiceMetrics } from "./http/metrics";
import { ProblemError } from "./http/problem";
import { requestId } from "./http/request-id";
import { docsRoutes } from "./openapi/docs-page";
import { openApiDocument } from "./openapi/document";
import { calculateRoutes } from "./routes/calculate";
import { calculationRoutes } from "./routes/calculations";
import { carDetailRoutes } from "./routes/car-details";
import { problemPageRoutes } from "./routes/problem-pages";
import { qrRoutes } from "./routes/qr";
import { ruleBookRoutes } from "./routes/rules";
import { publicLinkRoutes, publicPageRoutes } from "./routes/sharing";
import { taxMatrixRoutes } from "./routes/tax-matrix";

/**
 * Builds the HTTP application: every path of the contract (docs/contract.md) under /v1, plus /health, /metrics,
 * the OpenAPI document and the reference page. Every error leaves as application/problem+json.
 */
export function createApp(service: ServiceContext, metrics: ServiceMetrics): Hono<AppEnv> {
  // strict: false: a trailing slash is ignored (`POST /v1/Calculate/` is `POST /v1/Calculate`), so a
  // client that adds one gets the answer, not a 405 that lists the very method it used (README).
  const app = new Hono<AppEnv>({ strict: false });
  app.use("*", requestId);
  app.use("*", accessLog(service.logger, metrics));

  app.get("/health", async (c) => {
    await sql`select 1`.execute(service.storage.db);
    return c.json({ status: "ok", rulesVersion: RULES_VERSION });
  });
  app.get("/metrics", async (c) =>
    c.body(await metrics.registry.metrics(), 200, { "Content-Type": metrics.registry.contentType }),
  );
  let document: ReturnType<typeof openApiDocument> | undefined;
  app.get("/v1/openapi.json", (c) => {
    document ??= openApiDocument(`${service.publicBaseUrl}`);
    return c.json(document);
  });
  app.route("/docs", docsRoutes());
  app.route("/problems", problemPageRoutes());

  app.route("/v1/CarDetails", carDetailRoutes(service));
  app.route("/v1/Calculate", calculateRoutes(service));
  app.route("/v1/Calculations", calculationRoutes(service));
  app.route("/v1/GetTaxMatrix", taxMatrixRoutes(service));
  app.route("/v1/PublicLink", publicLinkRoutes(service));
  app.route("/p", publicPageRoutes(service));
  app.route("/v1/Qr", qrRoutes(service));
  app.route("/rules", ruleBookRoutes());

  const render = (c: Context<AppEnv>, error: ProblemError) =>
    c.body(
      JSON.stringify({ ...error.problem, instance: `urn:cartax:request:${c.get("requestId")}` }),
      error.problem.status as ContentfulStatusCode,
      {
        "Content-Type": "application/problem+json",
        // RFC 9110 §11.6.1: a 401 says how to authenticate (README, "The HTTP service").
        ...(error.problem.status === 401 ? { "WWW-Authenticate": WWW_AUTHENTICATE } : {}),
      },
    );
  const methodsOf = allowedMethods(app);
  app.notFound((c) => {
    const allowed = methodsOf(c.req.path);
    if (allowed.length > 0) {
      c.header("Allow", allowed.join(", "));
      return render(c, new ProblemError("method_not_allowed", `${c.req.path} answers ${allowed.join(", ")}`));
    }
    return render(c, new ProblemError("not_found", "no such resource; the API lives under /v1 (see /docs)"));
  });
  app.onError((error, c) => {
    if (error instanceof ProblemError) return render(c, error);
    // The message and stack help the operator; request bodies and keys are never logged.
    service.logger.error({ requestId: c.get("requestId"), err: error }, "unhandled error");
    return render(c, new ProblemError("internal_error", "an unexpected error occurred; retry later"));
  });
  return app;
}
