import { readConfig } from "./config";
import { startServer } from "./start-server";

const config = readConfig();
const server = await startServer(config);
console.log(`cartax api listening on ${server.url} (data in ${config.dataDir})`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
