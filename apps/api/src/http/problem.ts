import type { FieldError, ProblemDetails } from "@cartax/schemas";

/**
 * The service's problem codes: stable, machine-readable, one per problem type. The type URI is a
 * relative reference (`/problems/<slug>`), documented in the README and the OpenAPI document; it
 * resolves to a short page built from `title` and `help` (web/problem-pages/problem-pages.ts).
 */
export const PROBLEMS = {
  validation_error: {
    status: 400,
    title: "The request is invalid",
    help: "A field is missing or invalid. The errors array names each field (a JSON path of the body, or a query parameter) and the rule it broke: required, type, min, max, enum, date, uuid, format, oneOf, requiredFrom2021, requiredForFuel, range or notAfterRegistration (the Idempotency-Key header: min, max, format, or notSupported on the batch). Correct those fields and send the request again.",
  },
  malformed_json: {
    status: 400,
    title: "The body is not valid JSON",
    help: "The body could not be read as JSON, or it is empty. Send one JSON object (UTF-8) as the body.",
  },
  invalid_parameter: {
    status: 400,
    title: "A parameter is invalid",
    help: "A path or query parameter is invalid; the detail says which. Correct it and send the request again.",
  },
  unauthorized: {
    status: 401,
    title: "Authentication failed",
    help: "No subscription key was sent, the key is unknown or belongs to the other environment, the subscription is inactive, or it has no calculation access (Calculate, Projection, Compare, GetTaxMatrix, Calculations, Projections, Comparisons). Send the key in the query parameter subscription-key or the header Ocp-Apim-Subscription-Key; the WWW-Authenticate header of the answer names both. The operator issues keys and grants calculation access.",
  },
  not_found: {
    status: 404,
    title: "Not found",
    help: "No such resource: an unknown id, an id of another account (answered like an unknown one), an expired QR image, or a path the API does not have. The API lives under /v1; its reference is at /docs.",
  },
  method_not_allowed: {
    status: 405,
    title: "Method not allowed",
    help: "The path exists but does not answer this method. The Allow header lists the methods it answers.",
  },
  idempotency_key_in_use: {
    status: 409,
    title: "The idempotency key is in use",
    help: "A request with the same Idempotency-Key (and the same body) is still being answered. Nothing was done for this one. Wait the number of seconds in the Retry-After header, then send the same request with the same key again: it gets the first request's answer.",
  },
  precondition_failed: {
    status: 412,
    title: "A precondition failed",
    help: "The request's If-Match or If-None-Match header does not hold for the resource as it is now: If-Match names a version that is no longer current (another writer changed it since you read it) or If-Match: * a resource that does not exist, or If-None-Match: * a resource that already exists. Nothing was written. Read the resource again (GET gives its ETag), apply your change to it and send the request with the new ETag.",
  },
  payload_too_large: {
    status: 413,
    title: "The body is too large",
    help: "The body is larger than 64 KiB (65,536 bytes), the limit of every request; no valid request comes near it. In a batch (POST /v1/Calculate/batch) the limit is per line, and a batch holds at most 10,000 lines: a problem line with this code names the line that broke the limit.",
  },
  unsupported_media_type: {
    status: 415,
    title: "Unsupported content type",
    help: "The body was not sent as JSON. Send it with Content-Type: application/json (a batch, POST /v1/Calculate/batch: application/x-ndjson, one JSON request per line).",
  },
  idempotency_key_reused: {
    status: 422,
    title: "The idempotency key was used for another request",
    help: "The Idempotency-Key was sent before by this subscription with another request (another body, path, query or method) within the time the service keeps answers (24 hours unless the operator set CARTAX_IDEMPOTENCY_TTL_MS). Nothing was done. A key names one request: use a new key for a new request.",
  },
  too_many_requests: {
    status: 429,
    title: "Too many requests",
    help: "The subscription's rate limit is used up for the current window (the operator sets it per subscription). Wait the number of seconds in the Retry-After header, then send the request again. Every answer to a limited subscription carries the RateLimit-Policy and RateLimit headers (IETF draft-ietf-httpapi-ratelimit-headers): the limit and window, and the requests left and the seconds until the window ends.",
  },
  service_unavailable: {
    status: 503,
    title: "The service is busy",
    help: "Every QR render slot is busy and the queue of renders waiting is full (the operator sets both: CARTAX_QR_RENDER_CONCURRENCY and CARTAX_QR_QUEUE_LIMIT), or the request would wait for a slot longer than about 0.5 s. Nothing was created. Wait the number of seconds in the Retry-After header, then send the same request again.",
  },
  internal_error: {
    status: 500,
    title: "Internal server error",
    help: "The service failed to answer. The fault is logged with the request id of the answer's instance (urn:cartax:request:<id>); retry later, and quote that id to the operator if it persists.",
  },
} as const;

/** The slug of a problem code in its type URI: `validation_error` → `validation-error`. */
export const problemSlug = (code: ProblemCode): string => code.replaceAll("_", "-");

export type ProblemCode = keyof typeof PROBLEMS;

export interface Problem extends ProblemDetails {
  readonly code: ProblemCode;
}

/** An error that the app's error handler renders as application/problem+json. */
export class ProblemError extends Error {
  readonly problem: Problem;

  constructor(code: ProblemCode, detail: string, errors?: readonly FieldError[]) {
    super(detail);
    const { status, title } = PROBLEMS[code];
    this.problem = {
      type: `/problems/${problemSlug(code)}`,
      title,
      status,
      code,
      detail,
      ...(errors ? { errors } : {}),
    };
  }
}

/** A validation problem of @cartax/schemas with the service's code. */
export function validationError(problem: ProblemDetails): ProblemError {
  return new ProblemError("validation_error", problem.detail, problem.errors ?? []);
}

export const notFound = (what: string, field?: string) =>
  new ProblemError(
    "not_found",
    `${what} was not found`,
    // A body field that names what is missing is named as 400 problems name fields.
    field === undefined
      ? undefined
      : [{ field, rule: "notFound", message: `${field}: ${what} was not found` }],
  );
