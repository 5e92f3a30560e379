/**
 * @module
 * The Cartax HTTP service: `createApp` builds the Hono application, `startServer` serves it.
 */
export { createApp, openApiDocument } from "./app";
export { readConfig, type ServiceConfig } from "./config";
/** POST /v1/Calculate's answer as JSON (bench/floor-server.mjs serialises its floor with it). */
export { calculationResultJson } from "./rule-book-page/line-parameters";
export { startServer } from "./start-server";
export { DeliveryWorker, type DeliveryWorkerOptions } from "./webhooks/delivery-worker";
