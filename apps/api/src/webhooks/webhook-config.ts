import { readEnvironmentVariables } from "@cartax/schemas";

/** Settings of webhook delivery, from the environment (documented in the README). */
export interface WebhookConfig {
  /** `CARTAX_WEBHOOK_WORKER`: `on` (default) runs the delivery worker inside the server; `off` leaves it to `worker.js`. */
  readonly workerInServer: boolean;
  /** `CARTAX_PING_INTERVAL_MS` (default 300000): between liveness pings of an endpoint. */
  readonly pingIntervalMs: number;
  /** `CARTAX_PING_FLAG_THRESHOLD` (default 3): consecutive failed pings, or notifications, that flag an endpoint. */
  readonly pingFlagThreshold: number;
  /** `CARTAX_WEBHOOK_TIMEOUT_MS` (default 30000, the contract's 30 s). */
  readonly timeoutMs: number;
  /** `CARTAX_WEBHOOK_RETRY_DELAYS_MS` (default `10000,40000`): the delays before the 2nd and 3rd attempts. */
  readonly retryDelaysMs: readonly number[];
  /** `CARTAX_WEBHOOK_POLL_MS` (default 500): how often an idle worker looks at the outbox. */
  readonly pollMs: number;
  /** `CARTAX_WORKER_METRICS_PORT` (unset by default): where `worker.js` serves its GET /metrics, on HOST. */
  readonly workerMetricsPort?: number | undefined;
}

/** The webhook settings of the environment (the one schema of @cartax/schemas; ConfigError if wrong). */
export function readWebhookConfig(env: NodeJS.ProcessEnv = process.env): WebhookConfig {
  const variables = readEnvironmentVariables(env);
  return {
    workerInServer: variables.CARTAX_WEBHOOK_WORKER === "on",
    pingIntervalMs: variables.CARTAX_PING_INTERVAL_MS,
    pingFlagThreshold: variables.CARTAX_PING_FLAG_THRESHOLD,
    timeoutMs: variables.CARTAX_WEBHOOK_TIMEOUT_MS,
    retryDelaysMs: variables.CARTAX_WEBHOOK_RETRY_DELAYS_MS,
    pollMs: variables.CARTAX_WEBHOOK_POLL_MS,
    workerMetricsPort: variables.CARTAX_WORKER_METRICS_PORT,
  };
}
