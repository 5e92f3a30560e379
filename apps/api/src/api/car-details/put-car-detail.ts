import { carDetailResponseSchema, carDetailSchema, PRICE_BASIS_HEADER } from "@cartax/schemas";
import { createRoute, z } from "@hono/zod-openapi";
import type { ServiceContext } from "../../http/app-env";
import { authenticate } from "../../http/authenticate";
import { jsonBody } from "../../http/read-json-body";
import type { Api } from "../../openapi/api";
import { carDetailExample, carDetailResponseExample } from "../../openapi/examples";
import {
  bodyProblems,
  carDetailLocation,
  guid,
  json,
  jsonRequest,
  priceBasisQuery,
  secured,
} from "../../openapi/responses";
import { carExcludingVat } from "../pipeline/car-price";
import { carDetailView } from "./car-detail-view";

export const putCarDetailRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "putCarDetail",
    method: "put",
    path: "/v1/CarDetails/{carDetailId}",
    summary: "Create or update a car detail at an id (idempotent upsert)",
    description: "Ids are scoped per account: another account's record at the same id is never touched.",
    tags: ["Car details"],
    security: secured,
    middleware: [authenticate(service, { calculation: false }), jsonBody] as const,
    request: {
      params: z.object({ carDetailId: guid("carDetailId", "path", "The car detail id.") }),
      query: priceBasisQuery,
      body: jsonRequest(carDetailSchema, carDetailExample),
    },
    responses: {
      200: json("Updated.", carDetailResponseSchema, {
        headers: carDetailLocation,
        example: carDetailResponseExample,
      }),
      201: json("Created.", carDetailResponseSchema, {
        headers: carDetailLocation,
        example: carDetailResponseExample,
      }),
      ...bodyProblems,
    },
  });

/** PUT /v1/CarDetails/{carDetailId}: creates or replaces the caller's car detail at that id. */
export function registerPutCarDetail(api: Api, service: ServiceContext): void {
  api.openapi(putCarDetailRoute(service), async (c) => {
    const subscription = c.get("subscription");
    const { carDetailId: id } = c.req.valid("param");
    const car = carExcludingVat(c.req.valid("json"), subscription, c.req.valid("query").priceBasis);
    const { created, carDetail } = await service.storage.carDetails.put(subscription.ownerId, id, car);
    c.header(PRICE_BASIS_HEADER, "excl-vat");
    c.header("Location", `${service.publicBaseUrl}/v1/CarDetails/${carDetail.id}`);
    return c.json(carDetailView(carDetail), created ? 201 : 200);
  });
}
