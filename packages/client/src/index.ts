/**
 * @module
 * `@cartax/client`: a typed client of the Cartax HTTP service, generated from its OpenAPI
 * document (`openapi.json`, refreshed with `pnpm --filter @cartax/client generate`).
 */

export {
  type BatchAnswer,
  type CalculateBatchOptions,
  type CalculateBatchOutcome,
  calculateBatch,
  isBatchProblem,
} from "./calculate-batch";
export {
  type CartaxClient,
  type CartaxClientOptions,
  createCartaxClient,
  type Problem,
} from "./cartax-client";
export { type RetryOptions, retryAfterMs, retryingFetch } from "./retrying-fetch";
export type { components, operations, paths } from "./schema";
