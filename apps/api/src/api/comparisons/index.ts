import type { ServiceContext } from "../../http/app-env";
import type { Api } from "../../openapi/api";
import { registerCompare } from "./compare";
import { registerGetComparison, registerGetComparisonCsv } from "./get-comparison";
import { registerListComparisons } from "./list-comparisons";

/** Comparisons: POST /v1/Compare and the saved comparison, as JSON or CSV (GET /v1/Comparisons/{id}). */
export function registerComparisons(api: Api, service: ServiceContext): void {
  registerCompare(api, service);
  registerGetComparison(api, service);
  registerGetComparisonCsv(api, service);
  registerListComparisons(api, service);
}
