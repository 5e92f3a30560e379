import { includeSchema, PRICE_BASIS_HEADER, priceBasisSchema, problemSchema } from "@cartax/schemas";
import { z } from "@hono/zod-openapi";
import { WWW_AUTHENTICATE } from "../http/authenticate";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from "../http/idempotency";
import { PRICE_BASIS_QUERY } from "../http/price-basis";
import { RATE_LIMIT_POLICY } from "../http/rate-limit";
import { MAX_BODY_BYTES } from "../http/read-json-body";
import { problemExampleFor } from "./examples";

/** A problem response; its example is a problem of that status (a test checks both agree). */
export const problem = (description: string, status: number) => ({
  description,
  content: {
    "application/problem+json": { schema: problemSchema, example: problemExampleFor(status) },
  },
});

/** A JSON response, with its headers and example when given. */
export function json<T extends z.ZodType>(
  description: string,
  schema: T,
  options: {
    headers?: Record<string, { description: string; schema: { type: "string"; format?: string } }>;
    example?: unknown;
  } = {},
) {
  return {
    description,
    ...(options.headers ? { headers: options.headers } : {}),
    content: {
      "application/json": { schema, ...(options.example === undefined ? {} : { example: options.example }) },
    },
  };
}

/** A required JSON request body with its example. */
export const jsonRequest = <T extends z.ZodType>(schema: T, example: unknown) => ({
  required: true,
  content: { "application/json": { schema, example } },
});

/** The fields of the IETF httpapi RateLimit draft on every answer to a limited subscription. */
const rateLimitHeaders = {
  "RateLimit-Policy": {
    description: `Only for a subscription with a rate limit: \`"${RATE_LIMIT_POLICY}";q=<limit>;w=<window seconds>\`.`,
    schema: { type: "string" as const },
  },
  RateLimit: {
    description: `Only for a subscription with a rate limit: \`"${RATE_LIMIT_POLICY}";r=<left>;t=<seconds to the window's end>\`.`,
    schema: { type: "string" as const },
  },
};

/** The problem responses shared by the operations (RFC 9457, application/problem+json). */
export const problems = {
  400: problem("Invalid request: the `errors` array names each field and the rule it broke.", 400),
  401: {
    ...problem("Missing or invalid key, inactive subscription (or missing calculation access).", 401),
    headers: {
      "WWW-Authenticate": {
        description: `Always ${WWW_AUTHENTICATE}: the key goes in the header or the query parameter named.`,
        schema: { type: "string" as const },
      },
    },
  },
  413: problem(`Body larger than ${MAX_BODY_BYTES} bytes.`, 413),
  415: problem("Content-Type is not application/json.", 415),
  429: {
    ...problem(
      "The subscription's rate limit is used up for this window (only a subscription the operator limited).",
      429,
    ),
    headers: {
      "Retry-After": {
        description: "Seconds until the window ends; send the request again after them.",
        schema: { type: "integer" as const, minimum: 0 },
      },
      ...rateLimitHeaders,
    },
  },
  500: problem("Server fault; retry later.", 500),
} as const;

/** The responses of every operation with a JSON body after its 2xx: 400, 401, 413, 415, 500. */
export const bodyProblems = {
  400: problems[400],
  401: problems[401],
  413: problems[413],
  415: problems[415],
  429: problems[429],
  500: problems[500],
} as const;

/** The responses of a list after its 2xx (GET /v1/CarDetails, …): a bad query (400), the key, 429, 500. */
export const listProblems = {
  400: problems[400],
  401: problems[401],
  429: problems[429],
  500: problems[500],
} as const;

/**
 * The problems of a read by id in the caller's account: the id malformed (400), the key (401), the
 * rate limit (429), no such id in this account (404, `notFound` says which), a fault (500).
 */
export const readProblems = (notFound: string) => ({
  400: problems[400],
  401: problems[401],
  429: problems[429],
  404: problem(notFound, 404),
  500: problems[500],
});

/** The security of the keyed operations: the key in the query (guaranteed) or the gateway header. */
export const secured: Record<string, string[]>[] = [{ subscriptionKey: [] }, { subscriptionKeyHeader: [] }];

/** The security of the public operations: none (stated, so that a linter and a reader know). */
export const open: Record<string, string[]>[] = [];

/** A GUID path or query parameter, lower-cased (ids are stored lower case). */
export const guid = (name: string, where: "path" | "query", description: string) =>
  z
    .guid()
    .transform((value) => value.toLowerCase())
    .openapi({
      param: { name, in: where, required: true },
      description,
      example: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
    });

/** The header that states the basis of every catalogPrice answered (docs/contract.md, "Catalog prices and VAT"). */
export const priceBasisHeader = {
  [PRICE_BASIS_HEADER]: {
    description: "Always excl-vat: the basis of the catalogPrice answered (see catalogPrice).",
    schema: { type: "string" as const, enum: ["excl-vat"] },
  },
};

/** The Location header of a car detail, with the price basis. */
export const carDetailLocation = {
  Location: { description: "URI of the car detail.", schema: { type: "string" as const, format: "uri" } },
  ...priceBasisHeader,
};

/** The `priceBasis` query parameter of the writes that carry a car. */
export const priceBasisQuery = z.object({ [PRICE_BASIS_QUERY]: priceBasisSchema.optional() });

/**
 * The query of the operations that compute (Calculate and its batch, Projection, Compare): the
 * price basis of an inline car, and `include`, what the answer adds to its lean lines.
 */
export const computeQuery = priceBasisQuery.extend({ include: includeSchema.optional() });

/** The name of the Idempotency-Key header parameter in `components/parameters`. */
export const IDEMPOTENCY_KEY_PARAMETER = "IdempotencyKey";

/** The Idempotency-Key header parameter, written once (docs/contract.md, "Idempotency keys"). */
export const idempotencyKeyParameter = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: "header" as const,
  required: false,
  description: [
    "Optional. Makes the POST safe to retry (as Stripe's): 1 to 255 visible ASCII characters (0x21–0x7E), a value the client picks per request (a UUID, say), scoped to the subscription.",
    `The first answer (status, headers, body) is kept 24 hours (the operator may set another time: CARTAX_IDEMPOTENCY_TTL_MS); a retry with the same key, method, path with query and body gets it back byte for byte with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`, and nothing is written, counted or rate-limited again.`,
    "The same key with another request is a 422 problem (`idempotency_key_reused`); while the first request is still being answered, a 409 problem (`idempotency_key_in_use`) with Retry-After.",
    "An answer with status 429 or 5xx is not kept: a retry runs anew. An invalid key is a 400 problem naming Idempotency-Key in `errors`.",
  ].join(" "),
  schema: { type: "string" as const, minLength: 1, maxLength: 255, pattern: "^[!-~]+$" },
  example: "8e03978e-40d5-43e8-bc93-6894a57f9324",
};

/** What a POST that takes an Idempotency-Key adds to its route: the parameter, by reference. */
export const idempotentPost = {
  parameters: [{ $ref: `#/components/parameters/${IDEMPOTENCY_KEY_PARAMETER}` }],
};

/** The problems of an Idempotency-Key: in use (409, with Retry-After) and reused for another request (422). */
export const idempotencyProblems = {
  409: {
    ...problem(
      "The first request with this Idempotency-Key is still being answered; nothing was done. Retry after Retry-After seconds.",
      409,
    ),
    headers: {
      "Retry-After": {
        description:
          "Seconds after which the same request with the same key is likely to get the first answer.",
        schema: { type: "integer" as const, minimum: 1 },
      },
    },
  },
  422: problem(
    "This Idempotency-Key was used by another request (another body, path, query or method) of the subscription; nothing was done.",
    422,
  ),
} as const;
