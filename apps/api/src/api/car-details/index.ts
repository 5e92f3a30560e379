import type { ServiceContext } from "../../http/app-env";
import type { Api } from "../../openapi/api";
import { registerCreateCarDetail } from "./create-car-detail";
import { registerGetCarDetail } from "./get-car-detail";
import { registerListCarDetails } from "./list-car-details";
import { registerPutCarDetail } from "./put-car-detail";

/** The CarDetail resource: GET, POST and PUT /v1/CarDetail (docs/contract.md, Endpoints). */
export function registerCarDetails(api: Api, service: ServiceContext): void {
  registerGetCarDetail(api, service);
  registerListCarDetails(api, service);
  registerCreateCarDetail(api, service);
  registerPutCarDetail(api, service);
}
