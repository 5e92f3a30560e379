import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { methodNotAllowed } from "hono/method-not-allowed";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { registerBenefitInKind } from "./api/benefit-in-kind";
import { registerCalculations } from "./api/calculations";
import { registerCarDetails } from "./api/car-details";
import { registerComparisons } from "./api/comparisons";
import { registerProjections } from "./api/projections";
import { registerQr } from "./api/qr";
import { registerServiceEndpoints } from "./api/service";
import { documentConfig, normaliseDocument } from "./api/service/openapi-document";
import { registerSharing } from "./api/sharing";
import { registerTaxMatrix } from "./api/tax-matrix";
import { accessLog } from "./http/access-log";
import type { AppEnv, ServiceContext } from "./http/app-env";
import { WWW_AUTHENTICATE } from "./http/authenticate";
import { compression } from "./http/compression";
import type { ServiceMetrics } from "./http/metrics";
import { type ProblemCode, ProblemError } from "./http/problem";
import { requestId } from "./http/request-id";
import { type Api, createApi } from "./openapi/api";
import { registerGetPublicPage, registerWebPages } from "./web";

/** The problem of an HTTPException thrown by Hono's own validators (a content type they refuse). */
const HTTP_EXCEPTION_CODES: Partial<Record<number, ProblemCode>> = {
  400: "malformed_json",
  413: "payload_too_large",
  415: "unsupported_media_type",
};

/**
 * Builds the HTTP application: every path of the contract (docs/contract.md) under /v1, plus /health, /metrics,
 * the OpenAPI document and the reference page. Each operation is one module of its resource's folder of `api/` that
 * holds its OpenAPI description (`createRoute`) beside its handler; the document at
 * /v1/openapi.json is generated from them. Every error leaves as application/problem+json.
 */
export function createApp(service: ServiceContext, metrics: ServiceMetrics): Api {
  const app = createApi();
  app.use("*", requestId);
  app.use("*", accessLog(service.logger, metrics));
  app.use("*", compression);
  const render = (c: Context<AppEnv>, error: ProblemError) =>
    c.body(
      JSON.stringify({ ...error.problem, instance: `urn:cartax:request:${c.get("requestId")}` }),
      error.problem.status as ContentfulStatusCode,
      {
        "Content-Type": "application/problem+json",
        // RFC 9110 §11.6.1: a 401 says how to authenticate (docs/contract.md, Authentication).
        ...(error.problem.status === 401 ? { "WWW-Authenticate": WWW_AUTHENTICATE } : {}),
      },
    );
  // Hono's own: a path that exists under other methods answers 405 with Allow (GET brings HEAD)
  // rather than a 404 that suggests a wrong URL.
  app.use(
    "*",
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) => {
        const allow = [...methods].sort().join(", ");
        c.header("Allow", allow);
        return render(c, new ProblemError("method_not_allowed", `${c.req.path} answers ${allow}`));
      },
    }),
  );

  // The two wings: the operations by resource (api/), the pages (web/). The order is the order of
  // the paths in the OpenAPI document, kept as it was when every operation was a module of routes/.
  registerCarDetails(app, service);
  registerCalculations(app, service);
  registerProjections(app, service);
  registerComparisons(app, service);
  registerBenefitInKind(app, service);
  registerTaxMatrix(app, service);
  registerSharing(app, service);
  registerGetPublicPage(app, service);
  registerQr(app, service);
  registerServiceEndpoints(app, service, metrics);
  registerWebPages(app);

  app.notFound((c) =>
    render(c, new ProblemError("not_found", "no such resource; the API lives under /v1 (see /docs)")),
  );
  app.onError((error, c) => {
    if (error instanceof ProblemError) return render(c, error);
    const code = error instanceof HTTPException ? HTTP_EXCEPTION_CODES[error.status] : undefined;
    if (code) return render(c, new ProblemError(code, error.message));
    // The message and stack help the operator; request bodies and keys are never logged.
    service.logger.error({ requestId: c.get("requestId"), err: error }, "unhandled error");
    return render(c, new ProblemError("internal_error", "an unexpected error occurred; retry later"));
  });
  return app;
}

/**
 * The OpenAPI 3.1 document of the service without running it (the client package is generated
 * from it): the app's routes are built, never called.
 */
export function openApiDocument(serverUrl: string): Record<string, unknown> {
  const service = { publicBaseUrl: serverUrl } as ServiceContext;
  const app = createApp(service, { registry: {} } as ServiceMetrics);
  return normaliseDocument(app.getOpenAPI31Document(documentConfig())) as unknown as Record<string, unknown>;
}
