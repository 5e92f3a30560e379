import { readConfig } from "./config";
import { startServer } from "./start-server";

try {
  const config = readConfig();
  const server = await startServer(config);
  console.log(
    `cartax api listening on ${server.url} (data in ${config.databaseUrl ? "PostgreSQL" : config.dataDir})`,
  );
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void server.close().then(() => process.exit(0));
    });
  }
} catch (error) {
  // One clear line for the operator (bad PORT, busy port, unreachable database), no stack trace.
  console.error(`cartax api: ${(error as Error).message}`);
  process.exit(1);
}
