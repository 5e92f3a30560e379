/**
 * @module
 * The Cartax HTTP service: `createApp` builds the Hono application, `startServer` serves it.
 */
export { createApp, openApiDocument } from "./app";
export { readConfig, type ServiceConfig } from "./config";
export { ruleBookRoutes } from "./routes/rules";
export { simulatorRoutes } from "./routes/simulator";
export { startServer } from "./start-server";
export { DeliveryWorker, type DeliveryWorkerOptions } from "./webhooks/delivery-worker";
