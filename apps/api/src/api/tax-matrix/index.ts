import type { ServiceContext } from "../../http/app-env";
import type { Api } from "../../openapi/api";
import { registerGetTaxMatrix } from "./tax-matrix";

/** The tax matrix of a stored car (GET /v1/TaxMatrix). */
export function registerTaxMatrix(api: Api, service: ServiceContext): void {
  registerGetTaxMatrix(api, service);
}
