/** A configuration value the operator must fix (one class for every program: @cartax/schemas). */
export { ConfigError } from "@cartax/schemas";
