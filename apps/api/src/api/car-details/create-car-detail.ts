import { carDetailResponseSchema, carDetailSchema, PRICE_BASIS_HEADER } from "@cartax/schemas";
import { createRoute } from "@hono/zod-openapi";
import type { ServiceContext } from "../../http/app-env";
import { authenticate } from "../../http/authenticate";
import { jsonBody } from "../../http/read-json-body";
import type { Api } from "../../openapi/api";
import { carDetailExample, carDetailResponseExample } from "../../openapi/examples";
import {
  bodyProblems,
  carDetailLocation,
  json,
  jsonRequest,
  priceBasisQuery,
  secured,
} from "../../openapi/responses";
import { carExcludingVat } from "../pipeline/car-price";
import { carDetailView } from "./car-detail-view";

export const createCarDetailRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "createCarDetail",
    method: "post",
    path: "/v1/CarDetails",
    summary: "Create a car detail",
    description: "Any id or ownerId in the body is ignored; the service assigns them.",
    tags: ["Car details"],
    security: secured,
    middleware: [authenticate(service, { calculation: false }), jsonBody] as const,
    request: { query: priceBasisQuery, body: jsonRequest(carDetailSchema, carDetailExample) },
    responses: {
      201: json("Created.", carDetailResponseSchema, {
        headers: carDetailLocation,
        example: carDetailResponseExample,
      }),
      ...bodyProblems,
    },
  });

/** POST /v1/CarDetails: a new car detail in the caller's account, at an id the service assigns. */
export function registerCreateCarDetail(api: Api, service: ServiceContext): void {
  api.openapi(createCarDetailRoute(service), async (c) => {
    const subscription = c.get("subscription");
    const car = carExcludingVat(c.req.valid("json"), subscription, c.req.valid("query").priceBasis);
    const stored = await service.storage.carDetails.create(subscription.ownerId, car);
    c.header(PRICE_BASIS_HEADER, "excl-vat");
    c.header("Location", `${service.publicBaseUrl}/v1/CarDetails/${stored.id}`);
    return c.json(carDetailView(stored), 201);
  });
}
