import { carDetailSchema } from "@cartax/schemas";
import { createRoute, z } from "@hono/zod-openapi";
import type { ServiceContext } from "../../http/app-env";
import type { Api } from "../../openapi/api";
import { carDetailExample } from "../../openapi/examples";
import { bodyProblems, guid, jsonRequest, priceBasisQuery, problem } from "../../openapi/responses";
import { carExcludingVat } from "../pipeline";
import { carDetailWrite, carDetailWritten, writtenCarDetail } from "./car-detail-write";
import { putPrecondition } from "./put-precondition";

/** The conditional headers of a PUT (RFC 9110 §13.1.1, §13.1.2). */
const putConditions = z.object({
  "If-Match": z
    .string()
    .optional()
    .openapi({
      param: { in: "header", required: false },
      description:
        "Write only if the car detail is still at one of these ETags (strong comparison; the ETag of a GET or of the last write), else 412: no lost update when two clients edit the same car. `*`: only if it exists.",
    }),
  "If-None-Match": z
    .string()
    .optional()
    .openapi({
      param: { in: "header", required: false },
      description: "`*`: create only; 412 if the car detail already exists.",
    }),
});

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
      headers: putConditions,
      body: jsonRequest(carDetailSchema, carDetailExample),
    },
    responses: {
      200: carDetailWritten("Updated."),
      201: carDetailWritten("Created."),
      ...bodyProblems,
      412: problem(
        "If-Match names no current version (or `*` and there is no such car detail), or If-None-Match: * and it exists. Nothing was written.",
        412,
      ),
    },
  });

/**
 * PUT /v1/CarDetails/{carDetailId}: creates or replaces the caller's car detail at that id; under
 * If-Match / If-None-Match only when they hold (412 otherwise, nothing written).
 */
export function registerPutCarDetail(api: Api, service: ServiceContext): void {
  api.openapi(putCarDetailRoute(service), async (c) => {
    const subscription = c.get("subscription");
    const { carDetailId: id } = c.req.valid("param");
    const car = carExcludingVat(c.req.valid("json"), subscription, c.req.valid("query").priceBasis);
    const condition = putPrecondition(c, id);
    const written = condition
      ? await service.storage.carDetails.putIf(subscription.ownerId, id, car, condition.precondition)
      : await service.storage.carDetails.put(subscription.ownerId, id, car);
    if (!written) throw condition?.failed();
    return writtenCarDetail(c, service, written.carDetail, written.created ? 201 : 200) as never;
  });
}
