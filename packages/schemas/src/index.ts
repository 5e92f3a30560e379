/**
 * @module
 * `@cartax/schemas`: zod schemas of the Cartax HTTP API contract (interface spec), shared by the
 * service, the analyst CLI and clients; RFC 9457 problem details for invalid input.
 */

export { CAR_DETAIL_LIMITS } from "@cartax/engine";
export {
  type CalculationRequestBody,
  calculationOptionsSchema,
  calculationRequestSchema,
  userProfileSchema,
} from "./calculation-request-schema";
export { type CarDetailBody, carDetailSchema } from "./car-detail-schema";
export { isoDateSchema } from "./date-schema";
export { enumSchema } from "./enum-schema";
export { type ParsedCalculationRequest, parseCalculationRequest } from "./parse-calculation-request";
export {
  type FieldError,
  fieldErrorsOf,
  fieldErrorsOfInputIssues,
  PROBLEM_TYPES,
  type ProblemDetails,
  validationProblem,
} from "./problem-details";
export {
  calculationLineSchema,
  calculationRecordSchema,
  calculationResultSchema,
  carDetailResponseSchema,
  outcomeWithoutFigureSchema,
  problemSchema,
  taxMatrixResultSchema,
  unavailableLineSchema,
} from "./response-schemas";
export { type RunCalculationOutcome, runCalculation } from "./run-calculation";
export { toCalculationInput, toCarDetailInput } from "./to-calculation-input";
