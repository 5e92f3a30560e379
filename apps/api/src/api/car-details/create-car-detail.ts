import { carDetailSchema } from "@cartax/schemas";
import { createRoute } from "@hono/zod-openapi";
import type { ServiceContext } from "../../http/app-env";
import type { Api } from "../../openapi/api";
import { carDetailExample } from "../../openapi/examples";
import {
  bodyProblems,
  idempotencyProblems,
  idempotentPost,
  jsonRequest,
  priceBasisQuery,
} from "../../openapi/responses";
import { carExcludingVat } from "../pipeline";
import { carDetailWrite, carDetailWritten, writtenCarDetail } from "./car-detail-write";

export const createCarDetailRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "createCarDetail",
    method: "post",
    path: "/v1/CarDetails",
    summary: "Create a car detail",
    description: "Any id or ownerId in the body is ignored; the service assigns them.",
    ...carDetailWrite(service, { idempotency: "kept" }),
    ...idempotentPost,
    request: { query: priceBasisQuery, body: jsonRequest(carDetailSchema, carDetailExample) },
    responses: {
      201: carDetailWritten("Created."),
      ...bodyProblems,
      ...idempotencyProblems,
    },
  });

/** POST /v1/CarDetails: a new car detail in the caller's account, at an id the service assigns. */
export function registerCreateCarDetail(api: Api, service: ServiceContext): void {
  api.openapi(createCarDetailRoute(service), async (c) => {
    const subscription = c.get("subscription");
    const car = carExcludingVat(c.req.valid("json"), subscription, c.req.valid("query").priceBasis);
    const stored = await service.storage.carDetails.create(subscription.ownerId, car);
    return writtenCarDetail(c, service, stored, 201) as never;
  });
}
