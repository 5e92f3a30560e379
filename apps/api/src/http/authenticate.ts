import type { MiddlewareHandler } from "hono";
import type { AppEnv, ServiceContext } from "./app-env";
import { IDEMPOTENCY_KEY_HEADER, type IdempotencyUse, idempotent } from "./idempotency";
import { KEY_HEADER, KEY_QUERY } from "./key-location";
import { NO_STORE, noStore } from "./no-store";
import { ProblemError } from "./problem";
import { enforceRateLimit } from "./rate-limit";

export { KEY_HEADER, KEY_QUERY } from "./key-location";

/**
 * The challenge of every 401 (RFC 9110 §11.6.1). No registered scheme carries a subscription key,
 * so the scheme is `ApiKey` (as API gateways write it) with parameters naming where the key goes.
 */
export const WWW_AUTHENTICATE = `ApiKey realm="cartax", header="${KEY_HEADER}", query="${KEY_QUERY}"`;

/**
 * The spec's gates (Authentication rules 1–7): a key in the `subscription-key` query parameter
 * (guaranteed) or the `Ocp-Apim-Subscription-Key` header, belonging to an active subscription of
 * this environment; for Calculate and GetTaxMatrix also calculation access. All failures are 401.
 * The detail says which gate failed but never echoes the key. A request that passes the gates
 * counts against the subscription's rate limit, if it has one (429 past it: rate-limit.ts), and
 * its answer is never stored by a cache (`Cache-Control: no-store`, no-store.ts).
 *
 * A POST operation that takes an `Idempotency-Key` (`idempotency`) reads the header, once; when
 * present, the key is claimed or its kept answer given back before the rate limit counts
 * (idempotency.ts: a replay counts nothing). Without it nothing more is done.
 */
export function authenticate(
  service: ServiceContext,
  options: { calculation: boolean; idempotency?: IdempotencyUse },
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.query(KEY_QUERY) ?? c.req.header(KEY_HEADER);
    if (!key) {
      throw new ProblemError(
        "unauthorized",
        `a subscription key is required: query parameter ${KEY_QUERY} or header ${KEY_HEADER}`,
      );
    }
    const subscription = await service.storage.subscriptions.authenticate(key.trim(), service.environment);
    if (!subscription)
      throw new ProblemError(
        "unauthorized",
        `the subscription key is not valid in the ${service.environment} environment`,
      );
    if (!subscription.active) throw new ProblemError("unauthorized", "the subscription is not active");
    if (options.calculation && !subscription.calculationAccess) {
      throw new ProblemError("unauthorized", "the subscription has no calculation access");
    }
    c.set("subscription", subscription);
    const idempotencyKey = options.idempotency ? c.req.header(IDEMPOTENCY_KEY_HEADER) : undefined;
    if (idempotencyKey !== undefined && options.idempotency) {
      // Set now, so that the problems thrown on the way (400, 409, 422) carry it too.
      c.header("Cache-Control", NO_STORE);
      return noStore(c, () =>
        idempotent(c, service, idempotencyKey, options.idempotency ?? "kept", async () => {
          await enforceRateLimit(c, service, subscription);
          await next();
        }),
      );
    }
    await enforceRateLimit(c, service, subscription);
    await noStore(c, next);
  };
}
