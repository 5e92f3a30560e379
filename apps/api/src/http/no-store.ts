import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";

/** What every answer of a keyed operation says to caches (docs/contract.md, section 5). */
export const NO_STORE = "no-store";

/**
 * `Cache-Control: no-store` on the answer of a request that passed authentication, whatever it
 * is (200, 201, a 400 or 404 problem, a streamed batch): the answer belongs to one subscription's
 * account and no cache, shared or private, may keep it (RFC 9111, the no-store response
 * directive). `authenticate` runs it, so every keyed operation has it and the public ones (the QR
 * image, the public pages, the rule book, the documents) keep their own policy.
 */
export const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.res.headers.set("Cache-Control", NO_STORE);
};
