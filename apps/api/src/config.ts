import { readEnvironmentVariables } from "@cartax/schemas";
import { readStorageConfig, type StorageConfig } from "@cartax/storage";
import type { RenderQueueLimits } from "./qr/render-queue";

/** Runtime configuration, read once from the environment at start-up. */
export interface ServiceConfig extends StorageConfig {
  readonly port: number;
  readonly host: string;
  /**
   * `CARTAX_PUBLIC_BASE_URL`: the external origin for Location headers and public links. Undefined
   * means `http://localhost:<listening port>`.
   */
  readonly publicBaseUrl?: string | undefined;
  /** `LOG_LEVEL` (default info). */
  readonly logLevel?: string | undefined;
  /**
   * `CARTAX_QR_RENDER_CONCURRENCY` (default 2) and `CARTAX_QR_QUEUE_LIMIT` (default 16); the wait
   * budget is not configurable (QUEUE_WAIT_BUDGET_MS) but for tests.
   */
  readonly qrRenders?: RenderQueueLimits | undefined;
  /** `CARTAX_IDEMPOTENCY_TTL_MS`: how long the answer of a POST with an Idempotency-Key is kept (default 24 hours). */
  readonly idempotencyTtlMs?: number | undefined;
}

/**
 * Reads PORT (default 3000), HOST (default 127.0.0.1), CARTAX_PUBLIC_BASE_URL, LOG_LEVEL, the QR
 * render limits, the idempotency keys' lifetime and the storage settings shared with the CLI, through the one schema of the
 * environment (@cartax/schemas). A wrong value throws a ConfigError whose message is one line.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const variables = readEnvironmentVariables(env);
  return {
    ...readStorageConfig(env),
    port: variables.PORT,
    host: variables.HOST,
    publicBaseUrl: variables.CARTAX_PUBLIC_BASE_URL,
    logLevel: variables.LOG_LEVEL,
    qrRenders: {
      concurrency: variables.CARTAX_QR_RENDER_CONCURRENCY,
      queueLimit: variables.CARTAX_QR_QUEUE_LIMIT,
    },
    idempotencyTtlMs: variables.CARTAX_IDEMPOTENCY_TTL_MS,
  };
}
