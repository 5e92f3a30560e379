import { OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/app-env";
import { validationHook } from "./validation-hook";

/** The application type of the service: Hono with each route's OpenAPI description beside it. */
export type Api = OpenAPIHono<AppEnv>;

/**
 * A new application whose routes answer invalid input with the service's 400 problem. strict:
 * false: a trailing slash is ignored (`POST /v1/Calculate/` is `POST /v1/Calculate`), so a client
 * that adds one gets the answer, not a 405 that lists the very method it used (README).
 */
export const createApi = (): Api => new OpenAPIHono<AppEnv>({ defaultHook: validationHook, strict: false });

/**
 * Registers an operation whose handler validates its own input (`validated`, one synchronous pass):
 * the OpenAPI document describes it exactly as `api.openapi` would (the same route object), but no
 * validator of @hono/zod-openapi is added in front of the handler.
 */
export function registerDocumented(
  api: Api,
  route: RouteConfig & { middleware?: readonly MiddlewareHandler<AppEnv>[] },
  handler: MiddlewareHandler<AppEnv>,
): void {
  const { middleware = [], ...documented } = route;
  api.openAPIRegistry.registerPath(documented);
  const handlers: MiddlewareHandler<AppEnv>[] = [...middleware, handler];
  api.on([route.method.toUpperCase()], [route.path.replaceAll(/\/{(.+?)}/g, "/:$1")], ...handlers);
}
