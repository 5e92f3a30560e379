import {
  type CalculationLine,
  type CarDetailInput,
  calculate,
  type Language,
  type TaxResult,
  toCalculationLines,
  type UnavailableLine,
} from "@cartax/engine";
import type { CalculationRequestBody } from "./calculation-request-schema";
import {
  type FieldError,
  fieldErrorsOfInputIssues,
  type ProblemDetails,
  validationProblem,
} from "./problem-details";
import { toCalculationInput } from "./to-calculation-input";

export type RunCalculationOutcome =
  | {
      readonly ok: true;
      /** Lines with a figure: an amount, or an exemption's true zero. */
      readonly lines: readonly CalculationLine[];
      /** Calculators and years without a figure (missing input, not applicable, rules not published). */
      readonly unavailableLines: readonly UnavailableLine[];
      readonly results: readonly TaxResult[];
      readonly language: Language;
    }
  | { readonly ok: false; readonly problem: ProblemDetails };

/**
 * An error of a stored car, named by what the caller sent: `carDetailId`, not a `carDetail.…` path
 * the request does not hold. The message keeps the car's field ("… firstRegistration cannot be
 * after options.registrationDate"). `prefix` is where the car sits in the body (`cars[2].` in a
 * comparison; empty in a CalculationRequest).
 */
export function storedCarError(error: FieldError, prefix = ""): FieldError {
  const path = `${prefix}carDetail.`;
  if (!error.field.startsWith(path)) return error;
  const carField = error.field.slice(path.length);
  const sentence = error.message.startsWith(`${error.field}: `)
    ? error.message.slice(error.field.length + 2)
    : error.message;
  return {
    field: `${prefix}carDetailId`,
    rule: error.rule,
    message: `${prefix}carDetailId (the stored car detail, field ${carField}): ${sentence}`,
  };
}

/**
 * Runs the engine on a validated CalculationRequest and the car it refers to (inline or stored) and
 * renders the lines in the request's language: the one code path of the CLI's `calc` and the
 * service's POST /v1/Calculate, so both answer the same lines. Only figures are lines; the rest is in
 * `unavailableLines` (docs/contract.md, "Lines without a figure").
 */
export function runCalculation(request: CalculationRequestBody, car: CarDetailInput): RunCalculationOutcome {
  const input = toCalculationInput(request, car);
  const outcome = calculate(input);
  if (!outcome.ok) {
    const errors = fieldErrorsOfInputIssues(outcome.issues);
    return {
      ok: false,
      problem: validationProblem(
        request.carDetail == null ? errors.map((error) => storedCarError(error)) : errors,
      ),
    };
  }
  const language = input.profile.language ?? "en";
  const { lines, unavailableLines } = toCalculationLines(outcome.results, language);
  return { ok: true, language, results: outcome.results, lines, unavailableLines };
}
