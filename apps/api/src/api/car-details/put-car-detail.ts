import { carDetailSchema } from "@cartax/schemas";
import { createRoute, z } from "@hono/zod-openapi";
import type { ServiceContext } from "../../http/app-env";
import type { Api } from "../../openapi/api";
import { carDetailExample } from "../../openapi/examples";
import { bodyProblems, guid, jsonRequest, priceBasisQuery } from "../../openapi/responses";
import { carExcludingVat } from "../pipeline";
import { carDetailView } from "./car-detail-view";
import { carDetailWrite, carDetailWritten, setWrittenHeaders } from "./car-detail-write";

export const putCarDetailRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "putCarDetail",
    method: "put",
    path: "/v1/CarDetails/{carDetailId}",
    summary: "Create or update a car detail at an id (idempotent upsert)",
    description: "Ids are scoped per account: another account's record at the same id is never touched.",
    ...carDetailWrite(service),
    request: {
      params: z.object({ carDetailId: guid("carDetailId", "path", "The car detail id.") }),
      query: priceBasisQuery,
      body: jsonRequest(carDetailSchema, carDetailExample),
    },
    responses: {
      200: carDetailWritten("Updated."),
      201: carDetailWritten("Created."),
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
    setWrittenHeaders(c, service, carDetail.id);
    return c.json(carDetailView(carDetail), created ? 201 : 200);
  });
}
