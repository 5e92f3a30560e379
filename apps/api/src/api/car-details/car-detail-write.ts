import { carDetailResponseSchema, PRICE_BASIS_HEADER } from "@cartax/schemas";
import type { StoredCarDetail } from "@cartax/storage";
import type { Context } from "hono";
import type { AppEnv, ServiceContext } from "../../http/app-env";
import { authenticate } from "../../http/authenticate";
import { entityTag } from "../../http/conditional";
import type { IdempotencyUse } from "../../http/idempotency";
import { jsonBody } from "../../http/read-json-body";
import { etagHeader } from "../../openapi/conditional-headers";
import { carDetailResponseExample } from "../../openapi/examples";
import { carDetailLocation, json, secured } from "../../openapi/responses";
import { carDetailJson } from "./car-detail-view";

/*
 * What the two writes of a car detail share (POST /v1/CarDetails, PUT /v1/CarDetails/{id}).
 */

/**
 * In the Car details tag, with any valid key (no calculation access needed), on a JSON body; the
 * POST keeps the answer of an Idempotency-Key (a PUT is idempotent by itself).
 */
export const carDetailWrite = (service: ServiceContext, options: { idempotency?: IdempotencyUse } = {}) => ({
  tags: ["Car details"],
  security: secured,
  middleware: [authenticate(service, { calculation: false, ...options }), jsonBody],
});

/** The answer of a write: the car detail as a read gives it, where it lives, its price basis. */
export const carDetailWritten = (description: "Created." | "Updated.") =>
  json(description, carDetailResponseSchema, {
    headers: { ...carDetailLocation, ...etagHeader },
    example: carDetailResponseExample,
  });

/**
 * The answer of a written car detail: the car as a read gives it, with its address, its ETag (the
 * same a GET gives, for the next If-Match) and the price basis: every car answered carries its
 * price excluding VAT, whatever the subscription sends (say so).
 */
export function writtenCarDetail(
  c: Context<AppEnv>,
  service: ServiceContext,
  stored: StoredCarDetail,
  status: 200 | 201,
): Response {
  const text = carDetailJson(stored);
  return c.body(text, status, {
    "Content-Type": "application/json",
    [PRICE_BASIS_HEADER]: "excl-vat",
    Location: `${service.publicBaseUrl}/v1/CarDetails/${stored.id}`,
    ETag: entityTag(text),
  });
}
