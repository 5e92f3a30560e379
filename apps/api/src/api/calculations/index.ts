import type { ServiceContext } from "../../http/app-env";
import type { Api } from "../../openapi/api";
import { registerCalculateBatch } from "./batch/calculate-batch";
import { registerCalculate } from "./calculate";
import { registerGetCalculation } from "./get-calculation";
import { registerListCalculations } from "./list-calculations";

/** Calculations: POST /v1/Calculate, its NDJSON batch, and the audit record of each (GET /v1/Calculations/{id}). */
export function registerCalculations(api: Api, service: ServiceContext): void {
  registerCalculate(api, service);
  registerCalculateBatch(api, service);
  registerGetCalculation(api, service);
  registerListCalculations(api, service);
}
