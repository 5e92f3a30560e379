import { ping } from "@cartax/schemas";
import type { Storage } from "@cartax/storage";
import type { Logger } from "pino";
import type { LifecycleReporter } from "./delivery-lifecycle";
import { DeliveryWorker } from "./delivery-worker";
import { MAX_RETRY_DELAY_MS } from "./retry-policy";
import type { WebhookConfig } from "./webhook-config";

/** The delivery worker and the ping scheduler of one process. */
export interface WebhookRuntime {
  stop(): Promise<void>;
}

/**
 * Starts sending the outbox (notifications enqueued by `cartax notify`, redeliveries, and pings)
 * and scheduling pings. Any number of processes may run this on one PostgreSQL database: claims
 * and ping slots are taken by atomic UPDATEs, so each attempt is sent by one process. `count`
 * receives every settled delivery (the service's `cartax_webhook_deliveries_total`).
 */
export function startWebhookRuntime(
  storage: Storage,
  config: WebhookConfig,
  logger: Logger,
  count: LifecycleReporter["countSettled"] = () => undefined,
): WebhookRuntime {
  const log = logger.child({ component: "webhooks" });
  const worker = new DeliveryWorker(storage.webhooks, {
    pollMs: config.pollMs,
    timeoutMs: config.timeoutMs,
    retry: { delaysMs: config.retryDelaysMs, maxDelayMs: MAX_RETRY_DELAY_MS },
    flagThreshold: config.pingFlagThreshold,
    reporter: { log, countSettled: count },
    onError: (error) => log.error({ err: error }, "webhook worker error"),
  });
  worker.start();
  const schedulePings = () =>
    storage.webhooks
      .schedulePings(new Date(), config.pingIntervalMs, (eventId) => JSON.stringify(ping(eventId)))
      .catch((error) => {
        log.error({ err: error }, "ping scheduling failed");
        return 0;
      });
  const pingCheckMs = Math.min(config.pingIntervalMs, 5_000);
  const pings = setInterval(() => void schedulePings(), pingCheckMs);
  void schedulePings();
  return {
    async stop() {
      clearInterval(pings);
      await worker.stop();
    },
  };
}
