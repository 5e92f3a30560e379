import type { AddressInfo } from "node:net";
import { openStorage } from "@cartax/storage";
import { type ServerType, serve } from "@hono/node-server";
import { createApp } from "./app";
import type { ServiceConfig } from "./config";

export interface RunningServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Opens the database and serves the app; resolves once the port is listening. */
export async function startServer(config: ServiceConfig): Promise<RunningServer> {
  const storage = await openStorage(config);
  const app = createApp(storage);
  return new Promise((resolve, reject) => {
    const server: ServerType = serve(
      { fetch: app.fetch, port: config.port, hostname: config.host },
      (info: AddressInfo) => {
        resolve({
          url: `http://${config.host}:${info.port}`,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => {
                void storage.close().then(() => done());
              });
            }),
        });
      },
    );
    server.once("error", (error: NodeJS.ErrnoException) => {
      void storage.close();
      reject(
        error.code === "EADDRINUSE"
          ? new Error(`port ${config.port} on ${config.host} is already in use (set PORT to another port)`)
          : error,
      );
    });
  });
}
