import { openStorage } from "@cartax/storage";
import pino from "pino";
import { readConfig } from "./config";
import { readWebhookConfig } from "./webhooks/webhook-config";
import { startWebhookRuntime } from "./webhooks/webhook-runtime";

// The webhook delivery worker as a process of its own (`node apps/api/dist/worker.js`), for
// deployments that run the API with CARTAX_WEBHOOK_WORKER=off. Same database settings as the server.
try {
  const config = readConfig();
  const webhooks = readWebhookConfig();
  const storage = await openStorage(config);
  const logger = pino({ base: { service: "cartax-worker", environment: config.environment } });
  const runtime = startWebhookRuntime(storage, webhooks, logger);
  console.error(
    `cartax worker delivering webhooks (${config.environment}; ${config.databaseUrl ? "PostgreSQL" : config.dataDir})`,
  );
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void runtime
        .stop()
        .then(() => storage.close())
        .then(() => process.exit(0));
    });
  }
} catch (error) {
  console.error(`cartax worker: ${(error as Error).message}`);
  process.exit(1);
}
