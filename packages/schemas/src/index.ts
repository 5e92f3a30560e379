/**
 * @module
 * zod schemas of the Cartax HTTP API contract, shared by the service, the CLI and clients.
 */
export {};
