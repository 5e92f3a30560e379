import type { ServiceContext } from "../../http/app-env";
import type { Api } from "../../openapi/api";
import { registerGetPublicLink } from "./public-link";

/**
 * Sharing: the public link of a car or a comparison (GET /v1/PublicLink). The page behind the link
 * belongs to the web wing (`web/public-link-page.tsx`).
 */
export function registerSharing(api: Api, service: ServiceContext): void {
  registerGetPublicLink(api, service);
}
