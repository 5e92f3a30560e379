/**
 * @module
 * The Cartax HTTP service: `createApp` builds the Hono application, `startServer` serves it.
 */
export { createApp, openApiDocument } from "./app";
export { readConfig, type ServiceConfig } from "./config";
export { startServer } from "./start-server";
export { ruleBookRoutes } from "./web/rule-book/rule-book-routes";
export { simulatorRoutes } from "./web/simulator/simulator-routes";
export { DeliveryWorker, type DeliveryWorkerOptions } from "./webhooks/delivery-worker";
