/**
 * @module
 * `@cartax/schemas`: zod schemas of the Cartax HTTP API contract (docs/contract.md), shared by the
 * service, the analyst CLI and clients; RFC 9457 problem details for invalid input; the one schema
 * of the settings every program reads from the environment (docs/operations.md, Configuration).
 */

export { CAR_DETAIL_LIMITS } from "@cartax/engine";
export {
  type CalculationRequestBody,
  calculationOptionsSchema,
  calculationRequestSchema,
  carReferenceFields,
  languageSchema,
  requireOneCar,
  userProfileSchema,
} from "./calculation-request-schema";
export {
  CAR_DETAIL_FIELDS,
  CATALOG_PRICE_DESCRIPTION,
  type CarDetailBody,
  type CarDetailField,
  carDetailSchema,
} from "./car-detail-schema";
export { isoDateSchema } from "./date-schema";
export { enumSchema } from "./enum-schema";
export {
  ConfigError,
  type EnvironmentVariables,
  environmentVariablesSchema,
  readEnvironmentVariables,
} from "./environment-variables";
export { INCLUDE_VALUES, type Include, includeSchema } from "./include-schema";
export {
  calculationListItemSchema,
  calculationPageSchema,
  carDetailPageSchema,
  comparisonListItemSchema,
  comparisonPageSchema,
  projectionListItemSchema,
  projectionPageSchema,
} from "./list-schemas";
export { BATCH_LIMITS, type NdjsonLine, ndjsonLines } from "./ndjson-lines";
export { type ParsedCalculationRequest, parseCalculationRequest } from "./parse-calculation-request";
export { PRICE_BASIS_HEADER, type PriceBasis, priceBasisSchema } from "./price-basis-schema";
export {
  type FieldError,
  fieldErrorsOf,
  fieldErrorsOfInputIssues,
  PROBLEM_TYPES,
  type ProblemDetails,
  validationProblem,
} from "./problem-details";
export {
  comparisonRecordSchema,
  comparisonResultSchema,
  comparisonRowSchema,
  projectionRecordSchema,
  projectionResultSchema,
  projectionSummarySchema,
  projectionTotalSchema,
  projectionYearSchema,
  rankingSchema,
  scheduleMonthSchema,
  scheduleResultSchema,
  scheduleYearSchema,
  yearPartSchema,
} from "./projection-response-schemas";
export {
  type CompareRequestBody,
  compareCarSchema,
  compareOptionsSchema,
  compareRequestSchema,
  type ProjectionRequestBody,
  projectionOptionsSchema,
  projectionRequestSchema,
  RANK_BY,
  type ScheduleRequestBody,
  scheduleOptionsSchema,
  scheduleRequestSchema,
} from "./projection-schemas";
export {
  calculationLineSchema,
  calculationRecordSchema,
  calculationResultSchema,
  carDetailResponseSchema,
  fieldErrorSchema,
  lineParameterSchema,
  outcomeWithoutFigureSchema,
  problemSchema,
  taxMatrixResultSchema,
  unavailableLineSchema,
} from "./response-schemas";
export { type RunCalculationOutcome, runCalculation, storedCarError } from "./run-calculation";
export { isUnstorableText, textSchema, UNSTORABLE_TEXT_MESSAGE } from "./text-schema";
export {
  type ProjectionOptionsBody,
  toCalculationInput,
  toCalculationOptions,
  toCarDetailInput,
  toProjectionOptions,
  toTaxpayerProfile,
} from "./to-calculation-input";
export {
  type ChangeNotification,
  changeNotification,
  type Ping,
  parseCalculationTypes,
  ping,
  type UpdatedCalculation,
} from "./webhook-payloads";
