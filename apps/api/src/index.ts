/**
 * @module
 * The Cartax HTTP service: `createApp` builds the Hono application, `startServer` serves it.
 */
export { createApp } from "./app";
export { readConfig, type ServiceConfig } from "./config";
export { openApiDocument } from "./openapi/document";
export { startServer } from "./start-server";
