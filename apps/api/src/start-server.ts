import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { createApp } from "./app";
import type { ServiceConfig } from "./config";
import { openSqlite } from "./database";

export interface RunningServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Opens the database and serves the app; resolves once the port is listening. */
export function startServer(config: ServiceConfig): Promise<RunningServer> {
  const db = openSqlite(config.dataDir);
  const app = createApp(db);
  return new Promise((resolve) => {
    const server: ServerType = serve(
      { fetch: app.fetch, port: config.port, hostname: config.host },
      (info: AddressInfo) => {
        resolve({
          url: `http://${config.host}:${info.port}`,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => {
                void db.destroy().then(() => done());
              });
            }),
        });
      },
    );
  });
}
