import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";

export const REQUEST_ID_HEADER = "X-Request-Id";
const ACCEPTABLE = /^[\w.:-]{1,128}$/;

/**
 * Echoes a sane `X-Request-Id` from the caller (or its gateway), else generates one. Not Hono's
 * `hono/request-id`: it accepts `[A-Za-z0-9_=-]` up to 255 characters, while the README promises
 * `A-Z a-z 0-9 _ . : -`, 1–128 (gateways send ids with dots and colons; `=` is not promised).
 */
export const requestId: MiddlewareHandler<AppEnv> = async (c, next) => {
  const given = c.req.header(REQUEST_ID_HEADER);
  const id = given && ACCEPTABLE.test(given) ? given : randomUUID();
  c.set("requestId", id);
  c.header(REQUEST_ID_HEADER, id);
  await next();
};
