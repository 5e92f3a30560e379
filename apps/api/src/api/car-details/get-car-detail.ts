import { carDetailResponseSchema, PRICE_BASIS_HEADER } from "@cartax/schemas";
import { createRoute, z } from "@hono/zod-openapi";
import type { ServiceContext } from "../../http/app-env";
import { authenticate } from "../../http/authenticate";
import { conditionalJson } from "../../http/conditional";
import type { Api } from "../../openapi/api";
import { etagHeader, ifNoneMatchQuery, notModified } from "../../openapi/conditional-headers";
import { carDetailResponseExample } from "../../openapi/examples";
import { guid, json, priceBasisHeader, readProblems, secured } from "../../openapi/responses";
import { ownRecord } from "../pipeline";
import { carDetailJson } from "./car-detail-view";

export const getCarDetailRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "getCarDetail",
    method: "get",
    path: "/v1/CarDetails/{carDetailId}",
    summary: "Read a car detail",
    tags: ["Car details"],
    security: secured,
    middleware: [authenticate(service, { calculation: false })] as const,
    request: {
      params: z.object({ carDetailId: guid("carDetailId", "path", "The car detail id.") }),
      headers: ifNoneMatchQuery,
    },
    responses: {
      200: json("The car detail.", carDetailResponseSchema, {
        headers: { ...priceBasisHeader, ...etagHeader },
        example: carDetailResponseExample,
      }),
      ...notModified,
      ...readProblems("No car detail with that id in this account."),
    },
  });

/** GET /v1/CarDetails/{carDetailId}: a car detail of the caller's account, with its ETag (304 when unchanged). */
export function registerGetCarDetail(api: Api, service: ServiceContext): void {
  api.openapi(getCarDetailRoute(service), async (c) => {
    const { carDetailId: id } = c.req.valid("param");
    const stored = await ownRecord(c, service.storage.carDetails, id, "car detail");
    // Every car answered carries its price excluding VAT, whatever the subscription sends: say so.
    return conditionalJson(c, carDetailJson(stored), { [PRICE_BASIS_HEADER]: "excl-vat" }) as never;
  });
}
