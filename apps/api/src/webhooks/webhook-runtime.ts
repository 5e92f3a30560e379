import type { Storage } from "@cartax/storage";
import type { Logger } from "pino";
import { type JobFailures, startBackgroundJobs } from "../jobs/background-jobs";
import { pingScheduleJob } from "../jobs/service-jobs";
import type { LifecycleReporter } from "./delivery-lifecycle";
import { DeliveryWorker } from "./delivery-worker";
import { MAX_RETRY_DELAY_MS } from "./retry-policy";
import type { WebhookConfig } from "./webhook-config";

/** The delivery worker and the ping scheduler of one process. */
export interface WebhookRuntime {
  stop(): Promise<void>;
}

/** What the runtime reports besides its log lines: the process's counters. */
export interface WebhookRuntimeMetrics {
  /** Every settled delivery (`cartax_webhook_deliveries_total`). */
  readonly countSettled: LifecycleReporter["countSettled"];
  /** A failed ping schedule run (`webhook-ping-schedule`) or outbox poll (`webhook-delivery`). */
  readonly jobFailures: JobFailures;
}

/**
 * Starts sending the outbox (notifications enqueued by `cartax notify`, redeliveries, and pings)
 * and scheduling pings (a background job, jobs/service-jobs.ts). Any number of processes may run
 * this on one PostgreSQL database: claims and ping slots are taken by atomic UPDATEs, so each
 * attempt is sent by one process.
 */
export function startWebhookRuntime(
  storage: Storage,
  config: WebhookConfig,
  logger: Logger,
  metrics: WebhookRuntimeMetrics,
): WebhookRuntime {
  const log = logger.child({ component: "webhooks" });
  const worker = new DeliveryWorker(storage.webhooks, {
    pollMs: config.pollMs,
    timeoutMs: config.timeoutMs,
    retry: { delaysMs: config.retryDelaysMs, maxDelayMs: MAX_RETRY_DELAY_MS },
    flagThreshold: config.pingFlagThreshold,
    reporter: { log, countSettled: metrics.countSettled },
    onError: (error) => metrics.jobFailures.failed("webhook-delivery", error),
  });
  worker.start();
  const pings = startBackgroundJobs([pingScheduleJob(storage, config.pingIntervalMs)], metrics.jobFailures);
  return {
    async stop() {
      await pings.stop();
      await worker.stop();
    },
  };
}
