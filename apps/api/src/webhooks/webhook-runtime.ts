import type { Storage } from "@cartax/storage";
import { DEFAULT_RETRY_POLICY, DeliveryWorker } from "@cartax/webhooks";
import type { Logger } from "pino";
import type { WebhookConfig } from "./webhook-config";

/** The delivery worker and the ping scheduler of one process. */
export interface WebhookRuntime {
  stop(): Promise<void>;
}

/**
 * Starts sending the outbox (notifications enqueued by `cartax notify`, and pings) and scheduling
 * pings. Any number of processes may run this on one PostgreSQL database: claims and ping slots
 * are taken by atomic UPDATEs, so each attempt is sent by one process.
 */
export function startWebhookRuntime(storage: Storage, config: WebhookConfig, logger: Logger): WebhookRuntime {
  const log = logger.child({ component: "webhooks" });
  const outbox = {
    claimDue: (now: Date, limit: number, leaseMs: number) => storage.webhooks.claimDue(now, limit, leaseMs),
    recordAttempt: async (...args: Parameters<typeof storage.webhooks.recordAttempt>) => {
      const [delivery, attempt, next, at] = args;
      const flagged = await storage.webhooks.recordAttempt(
        delivery,
        attempt,
        next,
        at,
        config.pingFlagThreshold,
      );
      // The endpoint id, never its URL (it may carry a token) nor its secret.
      log.info(
        {
          endpointId: delivery.endpointId,
          eventId: delivery.eventId,
          kind: delivery.kind,
          attempt: delivery.attempts + 1,
          outcome: attempt.outcome,
          status: attempt.status,
          latencyMs: attempt.latencyMs,
          error: attempt.error,
          next: next.status,
        },
        "webhook attempt",
      );
      if (flagged?.newlyFlagged) {
        log.warn(
          { endpointId: delivery.endpointId, consecutivePingFailures: flagged.consecutivePingFailures },
          "webhook endpoint flagged: its liveness pings keep failing",
        );
      }
    },
  };
  const worker = new DeliveryWorker(outbox, {
    pollMs: config.pollMs,
    timeoutMs: config.timeoutMs,
    retry: { ...DEFAULT_RETRY_POLICY, baseMs: config.retryBaseMs },
    onError: (error) => log.error({ err: error }, "webhook worker error"),
  });
  worker.start();
  const schedulePings = () =>
    storage.webhooks.schedulePings(new Date(), config.pingIntervalMs).catch((error) => {
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
