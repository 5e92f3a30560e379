import { validateCalculationInput } from "@cartax/engine";
import { type CalculationRequestBody, calculationRequestSchema } from "./calculation-request-schema";
import {
  fieldErrorsOf,
  fieldErrorsOfInputIssues,
  type ProblemDetails,
  validationProblem,
} from "./problem-details";
import { toCalculationInput, toCarDetailInput } from "./to-calculation-input";

export type ParsedCalculationRequest =
  | { readonly ok: true; readonly request: CalculationRequestBody }
  | { readonly ok: false; readonly problem: ProblemDetails };

/**
 * Validates a CalculationRequest body (already JSON-parsed). With an inline carDetail, the
 * engine's cross-field rules are checked too, so every 400 reason is known before calculating.
 */
export function parseCalculationRequest(body: unknown, instance?: string): ParsedCalculationRequest {
  // reportInput: the issue keeps the value, so a wrong type ("type") differs from a missing field ("required").
  const parsed = calculationRequestSchema.safeParse(body, { reportInput: true });
  if (!parsed.success)
    return { ok: false, problem: validationProblem(fieldErrorsOf(parsed.error), instance) };
  const request = parsed.data;
  if (request.carDetail) {
    const issues = validateCalculationInput(toCalculationInput(request, toCarDetailInput(request.carDetail)));
    if (issues.length > 0)
      return { ok: false, problem: validationProblem(fieldErrorsOfInputIssues(issues), instance) };
  }
  return { ok: true, request };
}
