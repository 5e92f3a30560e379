import type { Storage } from "@cartax/storage";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** Prometheus metrics of one service process (GET /metrics). */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: "cartax_http_requests_total",
    help: "HTTP requests by method, route and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: "cartax_http_request_duration_seconds",
    help: "HTTP request latency by method, route and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  /** Webhook deliveries that left `pending`, by kind and outcome (delivery-lifecycle.ts). */
  private readonly webhookDeliveries = new Counter({
    name: "cartax_webhook_deliveries_total",
    help: "Webhook deliveries settled by this process, by kind (notification, ping) and outcome (delivered, failed).",
    labelNames: ["kind", "outcome"] as const,
    registers: [this.registry],
  });

  /** Failed runs of background jobs (jobs/background-jobs.ts), by job. */
  private readonly jobFailures = new Counter({
    name: "cartax_job_failures_total",
    help: "Failed runs of this process's background jobs (sweeps, usage flush, ping schedule, webhook delivery polls), by job.",
    labelNames: ["job"] as const,
    registers: [this.registry],
  });

  private readonly subscriptionRequests = new Counter({
    name: "cartax_subscription_requests_total",
    help: "HTTP requests of each subscription (by its id, never its key) and status.",
    labelNames: ["subscription_id", "status"] as const,
    registers: [this.registry],
  });
  private readonly qrRenders = new Counter({
    name: "cartax_qr_renders_total",
    help: "QR images rendered (a request answered with a live identical image renders nothing).",
    registers: [this.registry],
  });
  private readonly qrRenderSeconds = new Histogram({
    name: "cartax_qr_render_duration_seconds",
    help: "Time to render one QR image.",
    buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  private readonly qrReused = new Counter({
    name: "cartax_qr_images_reused_total",
    help: "QrRequests answered with a live identical image, without rendering.",
    registers: [this.registry],
  });
  private readonly qrRefused = new Counter({
    name: "cartax_qr_renders_refused_total",
    help: "QrRequests refused with 503 because every render slot was busy and the queue full.",
    registers: [this.registry],
  });

  /** What the QR images report (qr/qr-images.ts). */
  readonly qr = {
    rendered: (seconds: number) => {
      this.qrRenders.inc();
      this.qrRenderSeconds.observe(seconds);
    },
    reused: () => this.qrReused.inc(),
    refused: () => this.qrRefused.inc(),
  };

  /** Gauges of the renders running and waiting, read at each scrape. */
  watchQrRenders(load: () => { running: number; queued: number }): void {
    new Gauge({
      name: "cartax_qr_renders_running",
      help: "QR renders in progress.",
      registers: [this.registry],
      collect() {
        this.set(load().running);
      },
    });
    new Gauge({
      name: "cartax_qr_renders_queued",
      help: "QR renders waiting for a slot.",
      registers: [this.registry],
      collect() {
        this.set(load().queued);
      },
    });
  }

  /** Where a subscription's requests are counted per endpoint for `cartax subscription usage`. */
  private readonly usage: Storage["usage"] | undefined;

  /**
   * With the storage, the webhook gauges are read from the database at each scrape and the
   * requests of subscriptions are counted for `cartax subscription usage`.
   */
  constructor(storage?: Storage) {
    // The process's runtime metrics (heap used and total, external memory, RSS, event-loop lag,
    // GC durations, handles, CPU): read at scrape time, except prom-client's event-loop-delay
    // monitor (a native timer) and GC observer (a callback per collection), so nothing per request.
    collectDefaultMetrics({ register: this.registry });
    this.usage = storage?.usage;
    if (!storage) return;
    new Gauge({
      name: "cartax_read_caches_trusted",
      help: "1 while the key and car read caches answer from memory; 0 while every read goes to the database (PostgreSQL: change feed down or late).",
      registers: [this.registry],
      collect() {
        this.set(storage.readCaches() === "trusted" ? 1 : 0);
      },
    });
    const flagged = new Gauge({
      name: "cartax_webhook_endpoints_flagged",
      help: "Webhook endpoints flagged because their liveness pings, or notifications, keep failing.",
      registers: [this.registry],
    });
    const failures = new Gauge({
      name: "cartax_webhook_endpoint_consecutive_ping_failures",
      help: "Consecutive failed liveness pings per webhook endpoint.",
      labelNames: ["endpoint_id"] as const,
      registers: [this.registry],
    });
    const pending = new Gauge({
      name: "cartax_webhook_deliveries_pending",
      help: "Webhook deliveries waiting in the outbox.",
      registers: [this.registry],
    });
    const collect = async () => {
      const endpoints = await storage.webhooks.listEndpoints();
      flagged.set(endpoints.filter((e) => e.flagged).length);
      failures.reset();
      for (const e of endpoints) failures.set({ endpoint_id: e.id }, e.consecutivePingFailures);
      pending.set(await storage.webhooks.pendingCount());
    };
    // prom-client calls collect() on each gauge; one query serves the three.
    let last: Promise<void> | undefined;
    const once = () => {
      last ??= collect().finally(() => setTimeout(() => (last = undefined), 0));
      return last;
    };
    for (const gauge of [flagged, failures, pending])
      (gauge as unknown as { collect: () => Promise<void> }).collect = once;
  }

  /** Counts a settled webhook delivery. */
  countWebhookDelivery(kind: string, outcome: string): void {
    this.webhookDeliveries.inc({ kind, outcome });
  }

  /** Counts a failed run of a background job. */
  countJobFailure(job: string): void {
    this.jobFailures.inc({ job });
  }

  observe(method: string, route: string, status: number, seconds: number, subscriptionId?: string): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.latency.observe(labels, seconds);
    if (subscriptionId === undefined) return;
    this.subscriptionRequests.inc({ subscription_id: subscriptionId, status: labels.status });
    // In memory; the server adds the counts to the database every few seconds (start-server.ts).
    this.usage?.record(subscriptionId, method, route, status);
  }
}
