import type { ServiceContext } from "../../http/app-env";
import type { ServiceMetrics } from "../../http/metrics";
import type { Api } from "../../openapi/api";
import { registerGetHealth } from "./health";
import { registerGetMetrics } from "./metrics";
import { registerOpenApiDocument } from "./openapi-document";

/** The service's own endpoints: /health, /metrics and the OpenAPI document (GET /v1/openapi.json). */
export function registerServiceEndpoints(api: Api, service: ServiceContext, metrics: ServiceMetrics): void {
  registerGetHealth(api, service);
  registerGetMetrics(api, metrics);
  registerOpenApiDocument(api);
}
