/**
 * @module
 * `@cartax/webhooks`: signing of webhook deliveries and verification for receivers.
 */
export { signBody, verifySignature } from "./signature";
