import { createHash } from "node:crypto";
import type { KeptAnswer } from "@cartax/storage";
import type { Context } from "hono";
import type { AppEnv, ServiceContext } from "./app-env";
import { KEY_QUERY } from "./key-location";
import { ProblemError } from "./problem";
import { readJsonBody } from "./read-json-body";
import { REQUEST_ID_HEADER } from "./request-id";

/** The request header that makes a POST idempotent (docs/contract.md, "Idempotency keys"). */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** On an answer given back for a retried key, instead of running the request again. */
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";
/** How long an answer is kept when the operator sets nothing (CARTAX_IDEMPOTENCY_TTL_MS). */
export const DEFAULT_IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a key stays claimed by a request that has not answered: a POST answers in well under a
 * second, so a claim this old belongs to a request that died with its process; the key is free again.
 */
export const CLAIM_MS = 60_000;
/** The Retry-After of a 409: the first request is likely done within a second. */
const RETRY_AFTER_SECONDS = "1";

/** How a POST route takes the header: keeps answers, or refuses it (the streamed batch). */
export type IdempotencyUse = "kept" | "refused";

/** 1 to 255 visible ASCII characters (0x21–0x7E), as Stripe takes them. */
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * Headers of the first answer that are not given back: said anew for each answer (Date, the
 * request id, the RateLimit fields of a count a replay does not make, caching), or about its
 * transfer (length, coding), which the way out sets again.
 */
const NOT_KEPT = new Set([
  "date",
  REQUEST_ID_HEADER.toLowerCase(),
  "ratelimit",
  "ratelimit-policy",
  "retry-after",
  "cache-control",
  "vary",
  "content-encoding",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "set-cookie",
]);

const field = (rule: string, message: string) => [{ field: IDEMPOTENCY_KEY_HEADER, rule, message }];

/** The 400 of a key that breaks the header's rules, naming the header and the rule. */
function checkKey(key: string, use: IdempotencyUse): void {
  if (use === "refused") {
    throw new ProblemError(
      "validation_error",
      `${IDEMPOTENCY_KEY_HEADER} is not taken by this operation: a batch streams its answer, so it is not kept; send the lines again, or send each as POST /v1/Calculate with its own key`,
      field("notSupported", `${IDEMPOTENCY_KEY_HEADER}: not taken by POST /v1/Calculate/batch`),
    );
  }
  if (VALID_KEY.test(key)) return;
  const rule = key.length === 0 ? "min" : key.length > 255 ? "max" : "format";
  const message =
    rule === "format"
      ? `${IDEMPOTENCY_KEY_HEADER}: only visible ASCII characters (0x21–0x7E, no space) are allowed`
      : `${IDEMPOTENCY_KEY_HEADER}: 1 to 255 characters, got ${key.length}`;
  throw new ProblemError("validation_error", message, field(rule, message));
}

/**
 * What makes two requests with one key the same request: the method, the path with its query (but
 * the subscription key) and the SHA-256 of the body (as read: a leading byte order mark is not part
 * of it).
 */
function fingerprint(c: Context<AppEnv>, body: string): string {
  const url = new URL(c.req.url);
  // The subscription key is a credential, not part of the request: a retry with the other key of
  // the subscription, or with the key moved between the query and the header, is the same request.
  url.searchParams.delete(KEY_QUERY);
  const query = url.searchParams.toString();
  const bodyHash = createHash("sha256").update(body).digest("hex");
  return createHash("sha256")
    .update(`${c.req.method} ${url.pathname}${query === "" ? "" : `?${query}`}\n${bodyHash}`)
    .digest("hex");
}

/** The kept answer as it leaves again: status, headers that matter, body bytes, marked replayed. */
function replay(c: Context<AppEnv>, answer: KeptAnswer): void {
  const headers: Record<string, string> = { [IDEMPOTENT_REPLAYED_HEADER]: "true" };
  for (const [name, value] of answer.headers) headers[name] = value;
  // A replay is not counted again (usage, per-subscription metrics): access-log.ts reads this.
  c.set("idempotentReplay", true);
  c.res = c.body(answer.body, answer.status as 200, headers);
}

/** The answer as kept: its status, the headers a client reads, its body before any content coding. */
async function keptAnswer(response: Response): Promise<KeptAnswer> {
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) if (!NOT_KEPT.has(name)) headers.push([name, value]);
  return { status: response.status, headers, body: new Uint8Array(await response.clone().arrayBuffer()) };
}

/**
 * A POST with an `Idempotency-Key`, after authentication (the subscription is known): checks the
 * key (400), reads the JSON body, and claims the key for the subscription. A key whose first
 * request had the same fingerprint and was answered gets that answer back (`replay`), without
 * `run` (no rate-limit count, nothing written); another fingerprint is a 422; a first request
 * still running a 409 with Retry-After. Otherwise `run` (rate limit, then the operation) answers
 * and the answer is kept for `ttlMs`, unless it is a 5xx or a 429 (the operation did not run to
 * its end): then the key is freed, and a retry runs anew.
 */
export async function idempotent(
  c: Context<AppEnv>,
  service: ServiceContext,
  key: string,
  use: IdempotencyUse,
  run: () => Promise<void>,
): Promise<void> {
  checkKey(key, use);
  const { parsed, text } = await readJsonBody(c);
  c.set("body", parsed);
  c.set("bodyText", text);
  const subscriptionId = c.get("subscription").id;
  const store = service.storage.idempotency;
  const found = await store.claim(subscriptionId, key, fingerprint(c, text), CLAIM_MS);
  if (found.kind === "replay") return replay(c, found.answer);
  if (found.kind === "mismatch") {
    const message = `${IDEMPOTENCY_KEY_HEADER}: this key was used by another request (another body, path or method); use a new key for a new request`;
    throw new ProblemError("idempotency_key_reused", message, field("reused", message));
  }
  if (found.kind === "inFlight") {
    c.header("Retry-After", RETRY_AFTER_SECONDS);
    const message = `${IDEMPOTENCY_KEY_HEADER}: the first request with this key is still being answered; retry in ${RETRY_AFTER_SECONDS} s`;
    throw new ProblemError("idempotency_key_in_use", message, field("inFlight", message));
  }
  // The operation's answer stands whatever happens to its key: a failure to keep or free it is
  // logged, never turned into a 500 (the claim then frees itself after CLAIM_MS).
  const settle = (what: string, work: () => Promise<unknown>) =>
    work().catch((error: unknown) =>
      service.logger.error(
        { requestId: c.get("requestId"), error: error instanceof Error ? error.message : String(error) },
        `idempotency key not ${what}`,
      ),
    );
  const release = () => settle("released", () => store.release(subscriptionId, key, found.claim));
  try {
    await run();
  } catch (error) {
    await release();
    throw error;
  }
  const status = c.res.status;
  if (status >= 500 || status === 429) return void (await release());
  const ttlMs = service.idempotencyTtlMs ?? DEFAULT_IDEMPOTENCY_TTL_MS;
  const expiresAt = new Date(Date.now() + ttlMs);
  await settle("kept", async () =>
    store.complete(subscriptionId, key, found.claim, await keptAnswer(c.res), expiresAt),
  );
}
