import type { InputIssue } from "@cartax/engine";
import type { z } from "zod";

/** One invalid field of a request: JSON path, the rule it broke, and a sentence. */
export interface FieldError {
  readonly field: string;
  readonly rule: string;
  readonly message: string;
}

/** RFC 9457 problem details, with an `errors` extension listing invalid fields. */
export interface ProblemDetails {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly instance?: string;
  readonly errors?: readonly FieldError[];
}

/** Problem type URIs (relative references, documented in the README). */
export const PROBLEM_TYPES = {
  validation: "/problems/validation-error",
  malformedJson: "/problems/malformed-json",
  notFound: "/problems/not-found",
  payloadTooLarge: "/problems/payload-too-large",
  unauthorized: "/problems/unauthorized",
  internal: "/problems/internal-error",
} as const;

/**
 * The rule vocabulary of validation errors (README and OpenAPI): required, type, min, max, enum,
 * format, date, and the cross-field rules of the engine (requiredFrom2021, requiredForFuel, range,
 * notAfterRegistration, oneOf). Validator codes never leak into `rule`; messages say what is wrong
 * in the caller's terms.
 */
function describeIssue(issue: z.core.$ZodIssue, field: string): { rule: string; message: string } {
  const raw = issue as z.core.$ZodIssue & {
    expected?: string;
    values?: readonly unknown[];
    minimum?: number | bigint;
    maximum?: number | bigint;
    origin?: string;
    format?: string;
  };
  switch (issue.code) {
    case "custom": {
      const rule = (issue.params as { rule?: unknown } | undefined)?.rule;
      return {
        rule: typeof rule === "string" ? rule : "invalid",
        message: namesItsField(issue.message, field) ? issue.message : `${field}: ${issue.message}`,
      };
    }
    case "invalid_type":
    case "invalid_union": {
      if (issue.input === undefined) return { rule: "required", message: `${field} is required` };
      // A number too long for a double (400 digits) is read as ±Infinity: out of range, not of type.
      if (
        typeof issue.input === "number" &&
        Number.isNaN(issue.input) === false &&
        !Number.isFinite(issue.input)
      )
        return issue.input > 0
          ? { rule: "max", message: `${field} is too large` }
          : { rule: "min", message: `${field} is too small` };
      const expected =
        issue.code === "invalid_union"
          ? "a name or a number of the enumeration"
          : raw.expected === "int"
            ? "a whole number"
            : raw.expected === "object" || raw.expected === "array"
              ? `an ${raw.expected}`
              : `a ${raw.expected ?? "value of another type"}`;
      return { rule: "type", message: `${field} must be ${expected}` };
    }
    case "too_small":
      return {
        rule: "min",
        message:
          raw.origin === "string"
            ? `${field} must have at least ${raw.minimum} characters`
            : `${field} must be at least ${raw.minimum}`,
      };
    case "too_big":
      return {
        rule: "max",
        message:
          raw.origin === "string"
            ? `${field} must have at most ${raw.maximum} characters`
            : `${field} must be at most ${raw.maximum}`,
      };
    case "invalid_value":
      return {
        rule: "enum",
        message: `${field} must be one of ${(raw.values ?? []).map(String).join(", ")}`,
      };
    case "invalid_format":
      return raw.format === "uuid" || raw.format === "guid"
        ? { rule: "uuid", message: `${field} must be a GUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6` }
        : { rule: "format", message: `${field} must be in ${raw.format} format` };
    default:
      return { rule: "invalid", message: `${field} is invalid` };
  }
}

/** Whether a message already starts with its field ("wltp is mandatory …"), full or last segment. */
const namesItsField = (message: string, field: string): boolean =>
  message.startsWith(field) || message.startsWith(`${field.split(".").at(-1) ?? field} `);

const pathOf = (prefix: readonly (string | number)[], path: readonly PropertyKey[]): string =>
  [...prefix, ...path].map(String).join(".") || "(body)";

/** zod issues as field errors; `prefix` is prepended to each path. */
export function fieldErrorsOf(error: z.ZodError, prefix: readonly (string | number)[] = []): FieldError[] {
  return error.issues.map((issue) => {
    const field = pathOf(prefix, issue.path);
    return { field, ...describeIssue(issue, field) };
  });
}

export function validationProblem(errors: readonly FieldError[], instance?: string): ProblemDetails {
  return {
    type: PROBLEM_TYPES.validation,
    title: "The request is invalid",
    status: 400,
    detail: errors.map((e) => e.message).join("; "),
    ...(instance ? { instance } : {}),
    errors,
  };
}

/** Engine input issues (cross-field rules, date range) as field errors of the HTTP shape. */
export function fieldErrorsOfInputIssues(issues: readonly InputIssue[]): FieldError[] {
  return issues.map((issue) => {
    // A message that already names its field ("wltp is mandatory …") is not prefixed again.
    return {
      field: issue.field,
      rule: issue.rule,
      message: namesItsField(issue.message, issue.field) ? issue.message : `${issue.field}: ${issue.message}`,
    };
  });
}
