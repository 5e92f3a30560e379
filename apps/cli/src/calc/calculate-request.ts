import type { CalculationLine, Language, TaxResult, UnavailableLine } from "@cartax/engine";
import {
  PROBLEM_TYPES,
  type ProblemDetails,
  parseCalculationRequest,
  runCalculation,
  toCarDetailInput,
} from "@cartax/schemas";

/** The HTTP API's CalculationResult; the CLI has no storage, so calculationId is null. */
export interface CalculationResultBody {
  readonly calculationId: null;
  readonly lines: readonly CalculationLine[];
  readonly unavailableLines: readonly UnavailableLine[];
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
  const run = runCalculation(parsed.request, toCarDetailInput(car));
  if (!run.ok) return run;
  return {
    ok: true,
    language: run.language,
    results: run.results,
    body: { calculationId: null, lines: run.lines, unavailableLines: run.unavailableLines },
  };
}
