import { ping } from "@cartax/schemas";
import type { Storage } from "@cartax/storage";
import type { BackgroundJob } from "./background-jobs";

/** How often the usage counts of subscriptions are added to the database (README: usage lags by this much). */
export const USAGE_FLUSH_MS = 5000;

/** How often each of the server's jobs runs. */
export interface ServiceJobIntervals {
  readonly qrImageSweepMs: number;
  readonly usageFlushMs: number;
  readonly rateLimitWindowSweepMs: number;
  readonly idempotencyKeySweepMs: number;
}

export const SERVICE_JOB_INTERVALS: ServiceJobIntervals = {
  qrImageSweepMs: 60 * 60 * 1000,
  usageFlushMs: USAGE_FLUSH_MS,
  rateLimitWindowSweepMs: 5 * 60 * 1000,
  idempotencyKeySweepMs: 10 * 60 * 1000,
};

/**
 * The server's background jobs: expired QR images are removed within the hour after they expire
 * (any instance may do it); usage counts reach the database every few seconds (and on close: the
 * storage flushes them; a failed flush keeps them for the next); ended rate-limit windows
 * (PostgreSQL) are removed every few minutes; expired idempotency keys within ten minutes after
 * they expire (until then an expired key is already treated as new: idempotency-store.ts).
 */
export function serviceJobs(
  storage: Pick<Storage, "qr" | "usage" | "rateLimits" | "idempotency">,
  intervals: ServiceJobIntervals = SERVICE_JOB_INTERVALS,
): BackgroundJob[] {
  return [
    { name: "qr-image-sweep", everyMs: intervals.qrImageSweepMs, run: () => storage.qr.sweep() },
    { name: "usage-flush", everyMs: intervals.usageFlushMs, run: () => storage.usage.flush() },
    {
      name: "rate-limit-window-sweep",
      everyMs: intervals.rateLimitWindowSweepMs,
      run: () => storage.rateLimits.sweep(),
    },
    {
      name: "idempotency-key-sweep",
      everyMs: intervals.idempotencyKeySweepMs,
      run: () => storage.idempotency.sweep(),
    },
  ];
}

/**
 * The liveness ping schedule of webhook endpoints (in every process that sends webhooks): checks
 * at least every 5 s which endpoints are due a ping and enqueues one for each (one transaction;
 * the claim of each endpoint is atomic, so several processes enqueue each ping once).
 */
export function pingScheduleJob(storage: Pick<Storage, "webhooks">, pingIntervalMs: number): BackgroundJob {
  return {
    name: "webhook-ping-schedule",
    everyMs: Math.min(pingIntervalMs, 5_000),
    atStart: true,
    run: () =>
      storage.webhooks.schedulePings(new Date(), pingIntervalMs, (eventId) => JSON.stringify(ping(eventId))),
  };
}
