import type { FieldError, ProblemDetails } from "@cartax/schemas";

/**
 * The service's problem codes: stable, machine-readable, one per problem type. The type URI is a
 * relative reference (`/problems/<code>`), documented in the README and the OpenAPI document.
 */
export const PROBLEMS = {
  validation_error: { status: 400, title: "The request is invalid" },
  malformed_json: { status: 400, title: "The body is not valid JSON" },
  invalid_parameter: { status: 400, title: "A parameter is invalid" },
  unauthorized: { status: 401, title: "Authentication failed" },
  not_found: { status: 404, title: "Not found" },
  method_not_allowed: { status: 405, title: "Method not allowed" },
  payload_too_large: { status: 413, title: "The body is too large" },
  unsupported_media_type: { status: 415, title: "Unsupported content type" },
  internal_error: { status: 500, title: "Internal server error" },
} as const;

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
      type: `/problems/${code.replaceAll("_", "-")}`,
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

export const notFound = (what: string) => new ProblemError("not_found", `${what} was not found`);
