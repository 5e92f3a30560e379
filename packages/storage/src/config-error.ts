/** A configuration value the operator must fix; its message is one line meant for a terminal. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}
