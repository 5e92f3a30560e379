import { ConfigError } from "@cartax/storage";

/** Settings of webhook delivery, from the environment (documented in the README). */
export interface WebhookConfig {
  /** `CARTAX_WEBHOOK_WORKER`: `on` (default) runs the delivery worker inside the server; `off` leaves it to `worker.js`. */
  readonly workerInServer: boolean;
  /** `CARTAX_PING_INTERVAL_S` (default 300): seconds between liveness pings of an endpoint. */
  readonly pingIntervalMs: number;
  /** `CARTAX_PING_FLAG_THRESHOLD` (default 3): consecutive failed pings that flag an endpoint. */
  readonly pingFlagThreshold: number;
  /** `CARTAX_WEBHOOK_TIMEOUT_MS` (default 30000, the spec's 30 s). */
  readonly timeoutMs: number;
  /** `CARTAX_WEBHOOK_RETRY_BASE_MS` (default 10000): first retry delay; the second is 4×. */
  readonly retryBaseMs: number;
  /** `CARTAX_WEBHOOK_POLL_MS` (default 500): how often an idle worker looks at the outbox. */
  readonly pollMs: number;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min)
    throw new ConfigError(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return value;
}

export function readWebhookConfig(env: NodeJS.ProcessEnv = process.env): WebhookConfig {
  const worker = env.CARTAX_WEBHOOK_WORKER?.trim() || "on";
  if (worker !== "on" && worker !== "off")
    throw new ConfigError(`CARTAX_WEBHOOK_WORKER must be on or off, got "${worker}"`);
  return {
    workerInServer: worker === "on",
    pingIntervalMs: positive(env, "CARTAX_PING_INTERVAL_S", 300) * 1000,
    pingFlagThreshold: positive(env, "CARTAX_PING_FLAG_THRESHOLD", 3),
    timeoutMs: positive(env, "CARTAX_WEBHOOK_TIMEOUT_MS", 30_000, 100),
    retryBaseMs: positive(env, "CARTAX_WEBHOOK_RETRY_BASE_MS", 10_000, 0),
    pollMs: positive(env, "CARTAX_WEBHOOK_POLL_MS", 500, 10),
  };
}
