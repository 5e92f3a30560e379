import type { ServiceContext } from "../../http/app-env";
import type { Api } from "../../openapi/api";
import { registerGetProjection } from "./get-projection";
import { registerListProjections } from "./list-projections";
import { registerProjection } from "./projection";

/** Projections: POST /v1/Projection and the saved projection (GET /v1/Projections/{id}). */
export function registerProjections(api: Api, service: ServiceContext): void {
  registerProjection(api, service);
  registerGetProjection(api, service);
  registerListProjections(api, service);
}
