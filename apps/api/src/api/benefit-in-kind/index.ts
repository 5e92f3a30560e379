import type { ServiceContext } from "../../http/app-env";
import type { Api } from "../../openapi/api";
import { registerSchedule } from "./schedule";

/** The benefit in kind month by month: POST /v1/BenefitInKind/schedule. */
export function registerBenefitInKind(api: Api, service: ServiceContext): void {
  registerSchedule(api, service);
}
