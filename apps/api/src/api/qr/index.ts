import type { ServiceContext } from "../../http/app-env";
import type { Api } from "../../openapi/api";
import { registerCreateQr, registerGetQrImage } from "./qr";

/** QR cards: POST /v1/Qr and the rendered image (GET /v1/Qr/{id}). */
export function registerQr(api: Api, service: ServiceContext): void {
  registerCreateQr(api, service);
  registerGetQrImage(api, service);
}
