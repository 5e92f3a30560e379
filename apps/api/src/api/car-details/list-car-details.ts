import { carDetailPageSchema, PRICE_BASIS_HEADER } from "@cartax/schemas";
import { createRoute } from "@hono/zod-openapi";
import type { ServiceContext } from "../../http/app-env";
import { authenticate } from "../../http/authenticate";
import type { Api } from "../../openapi/api";
import { json, listProblems, priceBasisHeader, secured } from "../../openapi/responses";
import { linkHeader, listQuery, listRequest, pageAnswer } from "../pipeline";
import { carDetailView } from "./car-detail-view";

export const listCarDetailsRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "listCarDetails",
    method: "get",
    path: "/v1/CarDetails",
    summary: "List the account's car details (not in the spec)",
    description:
      "Newest first (by creation), a page at a time: `limit` items, then the next page by `cursor`. Each item is a CarDetail as GET /v1/CarDetails/{carDetailId} gives it. Own account only.",
    tags: ["Car details"],
    security: secured,
    middleware: [authenticate(service, { calculation: false })] as const,
    request: { query: listQuery(false) },
    responses: {
      200: json("A page of car details.", carDetailPageSchema, {
        headers: { ...linkHeader, ...priceBasisHeader },
      }),
      ...listProblems,
    },
  });

/** GET /v1/CarDetails: the caller's account's car details, newest first, a page at a time. */
export function registerListCarDetails(api: Api, service: ServiceContext): void {
  api.openapi(listCarDetailsRoute(service), async (c) => {
    const request = listRequest(c.get("subscription").ownerId, c.req.path, c.req.valid("query"));
    const page = await service.storage.carDetails.list(request);
    // Every car answered carries its price excluding VAT, whatever the subscription sends: say so.
    c.header(PRICE_BASIS_HEADER, "excl-vat");
    return pageAnswer(c, service, page, carDetailView) as never;
  });
}
