import { carDetailResponseSchema, PRICE_BASIS_HEADER } from "@cartax/schemas";
import type { Context } from "hono";
import type { AppEnv, ServiceContext } from "../../http/app-env";
import { authenticate } from "../../http/authenticate";
import type { IdempotencyUse } from "../../http/idempotency";
import { jsonBody } from "../../http/read-json-body";
import { carDetailResponseExample } from "../../openapi/examples";
import { carDetailLocation, json, secured } from "../../openapi/responses";

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
    headers: carDetailLocation,
    example: carDetailResponseExample,
  });

/**
 * The headers of a written car detail: every car answered carries its price excluding VAT, whatever
 * the subscription sends (say so), and its address.
 */
export function setWrittenHeaders(c: Context<AppEnv>, service: ServiceContext, id: string): void {
  c.header(PRICE_BASIS_HEADER, "excl-vat");
  c.header("Location", `${service.publicBaseUrl}/v1/CarDetails/${id}`);
}
