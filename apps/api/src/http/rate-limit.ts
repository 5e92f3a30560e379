import type { Subscription } from "@cartax/storage";
import type { Context } from "hono";
import type { AppEnv, ServiceContext } from "./app-env";
import { ProblemError } from "./problem";

/** The name of the service's one quota policy in the RateLimit headers. */
export const RATE_LIMIT_POLICY = "subscription";

/**
 * Counts the request against its subscription's rate limit (none: nothing is done, not even a
 * look-up; the limit came with the subscription row that authentication read). Every answer to a
 * limited subscription carries the fields of the IETF httpapi draft "RateLimit header fields for
 * HTTP" (draft-ietf-httpapi-ratelimit-headers-11, §3 and §4): `RateLimit-Policy:
 * "subscription";q=N;w=SECONDS` and `RateLimit: "subscription";r=LEFT;t=SECONDS_TO_WINDOW_END`.
 * Past the limit it throws a 429 problem with `Retry-After` equal to the end of the window (the
 * draft's §6: never earlier than the effective window).
 */
export async function enforceRateLimit(
  c: Context<AppEnv>,
  service: ServiceContext,
  subscription: Subscription,
): Promise<void> {
  const limit = subscription.rateLimit;
  if (!limit) return;
  const counted = service.storage.rateLimits.hit(subscription.id, limit);
  // SQLite counts in process and answers synchronously: no promise, no extra turn of the loop.
  const state = counted instanceof Promise ? await counted : counted;
  c.header("RateLimit-Policy", `"${RATE_LIMIT_POLICY}";q=${limit.requests};w=${limit.windowSeconds}`);
  c.header("RateLimit", `"${RATE_LIMIT_POLICY}";r=${state.remaining};t=${state.resetSeconds}`);
  if (!state.allowed) {
    c.header("Retry-After", String(state.resetSeconds));
    throw new ProblemError(
      "too_many_requests",
      `the subscription's limit of ${limit.requests} requests per ${limit.windowSeconds} s is used up; retry in ${state.resetSeconds} s`,
    );
  }
}
