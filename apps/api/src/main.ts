// The service's process: reads its configuration, starts the server and stops it on SIGINT or
// SIGTERM. Loaded by server.ts once V8's heap flags are set (heap-flags.ts).
import { readConfig } from "./config";
import { startServer } from "./start-server";
import { readWebhookConfig } from "./webhooks/webhook-config";

try {
  const config = readConfig();
  const server = await startServer(config, { webhooks: readWebhookConfig() });
  server.service.logger.info(
    {
      url: server.url,
      database: config.databaseUrl ? "postgres" : "sqlite",
      environment: config.environment,
    },
    "listening",
  );
  console.error(
    `cartax api listening on ${server.url} (${config.environment}; data in ${config.databaseUrl ? "PostgreSQL" : config.dataDir})`,
  );
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      server.service.logger.info({ signal }, "shutting down: finishing in-flight requests");
      void server.close().then(() => process.exit(0));
    });
  }
} catch (error) {
  // One clear line for the operator (bad PORT, busy port, unreachable database), no stack trace.
  console.error(`cartax api: ${(error as Error).message}`);
  process.exit(1);
}
