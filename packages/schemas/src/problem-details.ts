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
  unauthorized: "/problems/unauthorized",
  internal: "/problems/internal-error",
} as const;

function ruleOf(issue: z.core.$ZodIssue): string {
  if (issue.code === "custom") {
    const rule = (issue.params as { rule?: unknown } | undefined)?.rule;
    return typeof rule === "string" ? rule : "custom";
  }
  if (issue.code === "invalid_type" || issue.code === "invalid_union")
    return issue.input === undefined ? "required" : "type";
  if (issue.code === "too_small") return "min";
  if (issue.code === "too_big") return "max";
  if (issue.code === "invalid_format") return "format";
  return issue.code;
}

const pathOf = (prefix: readonly (string | number)[], path: readonly PropertyKey[]): string =>
  [...prefix, ...path].map(String).join(".") || "(body)";

/** zod issues as field errors; `prefix` is prepended to each path. */
export function fieldErrorsOf(error: z.ZodError, prefix: readonly (string | number)[] = []): FieldError[] {
  return error.issues.map((issue) => {
    const field = pathOf(prefix, issue.path);
    const rule = ruleOf(issue);
    const message = rule === "required" ? `${field} is required` : `${field}: ${issue.message}`;
    return { field, rule, message };
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
  return issues.map((issue) => ({
    field: issue.field,
    rule: issue.rule,
    message: `${issue.field}: ${issue.message}`,
  }));
}
