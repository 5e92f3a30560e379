import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http/app-env";
import { validationHook } from "../openapi/validation-hook";

/** The application type of the service: Hono with each route's OpenAPI description beside it. */
export type Api = OpenAPIHono<AppEnv>;

/**
 * A new application whose routes answer invalid input with the service's 400 problem. strict:
 * false: a trailing slash is ignored (`POST /v1/Calculate/` is `POST /v1/Calculate`), so a client
 * that adds one gets the answer, not a 405 that lists the very method it used (README).
 */
export const createApi = (): Api => new OpenAPIHono<AppEnv>({ defaultHook: validationHook, strict: false });
