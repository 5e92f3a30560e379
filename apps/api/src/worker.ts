import { openStorage } from "@cartax/storage";
import pino from "pino";
import { readConfig } from "./config";
import { ServiceMetrics } from "./http/metrics";
import { jobFailures } from "./jobs/background-jobs";
import { readWebhookConfig } from "./webhooks/webhook-config";
import { startWebhookRuntime } from "./webhooks/webhook-runtime";
import { serveMetrics } from "./webhooks/worker-metrics-server";

// The webhook delivery worker as a process of its own (`node apps/api/dist/worker.js`), for
// deployments that run the API with CARTAX_WEBHOOK_WORKER=off. Same database settings as the server.
// With CARTAX_WORKER_METRICS_PORT it serves its own GET /metrics (on HOST): its settled deliveries
// and failed jobs are counted in this process, not in the API's.
try {
  const config = readConfig();
  const webhooks = readWebhookConfig();
  const storage = await openStorage(config);
  const logger = pino({ base: { service: "cartax-worker", environment: config.environment } });
  const metrics = webhooks.workerMetricsPort === undefined ? undefined : new ServiceMetrics(storage);
  const metricsServer =
    metrics && webhooks.workerMetricsPort !== undefined
      ? await serveMetrics(metrics.registry, config.host, webhooks.workerMetricsPort)
      : undefined;
  const runtime = startWebhookRuntime(storage, webhooks, logger, {
    countSettled: (kind, outcome) => metrics?.countWebhookDelivery(kind, outcome),
    jobFailures: jobFailures(logger, (job) => metrics?.countJobFailure(job)),
  });
  console.error(
    `cartax worker delivering webhooks (${config.environment}; ${config.databaseUrl ? "PostgreSQL" : config.dataDir})${metricsServer ? `; metrics on ${metricsServer.url}` : ""}`,
  );
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void runtime
        .stop()
        .then(() => metricsServer?.close())
        .then(() => storage.close())
        .then(() => process.exit(0));
    });
  }
} catch (error) {
  console.error(`cartax worker: ${(error as Error).message}`);
  process.exit(1);
}
