import {
  type CalculationLine,
  calculate,
  type Language,
  type TaxResult,
  toCalculationLine,
} from "@cartax/engine";
import {
  fieldErrorsOfInputIssues,
  PROBLEM_TYPES,
  type ProblemDetails,
  parseCalculationRequest,
  toCalculationInput,
  toCarDetailInput,
  validationProblem,
} from "@cartax/schemas";

/** The HTTP API's CalculationResult; the CLI has no storage, so calculationId is null. */
export interface CalculationResultBody {
  readonly calculationId: null;
  readonly lines: readonly CalculationLine[];
}

export type CalculatedRequest =
  | {
      readonly ok: true;
      readonly body: CalculationResultBody;
      readonly results: readonly TaxResult[];
      readonly language: Language;
    }
  | { readonly ok: false; readonly problem: ProblemDetails };

/** Validates one CalculationRequest (HTTP body shape) and runs the engine on it, with no server. */
export function calculateRequest(json: unknown): CalculatedRequest {
  const parsed = parseCalculationRequest(json);
  if (!parsed.ok) return parsed;
  const car = parsed.request.carDetail;
  if (!car) {
    return {
      ok: false,
      problem: {
        type: PROBLEM_TYPES.validation,
        title: "The request is invalid",
        status: 400,
        detail:
          "carDetail: the CLI has no storage; give the vehicle inline as carDetail instead of carDetailId",
        errors: [
          { field: "carDetail", rule: "inlineRequired", message: "carDetail is required without a server" },
        ],
      },
    };
  }
  const input = toCalculationInput(parsed.request, toCarDetailInput(car));
  const outcome = calculate(input);
  if (!outcome.ok) return { ok: false, problem: validationProblem(fieldErrorsOfInputIssues(outcome.issues)) };
  const language = input.profile.language ?? "en";
  return {
    ok: true,
    language,
    results: outcome.results,
    body: { calculationId: null, lines: outcome.results.map((r) => toCalculationLine(r, language)) },
  };
}
