import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Registry } from "prom-client";

export interface MetricsServer {
  /** Where GET /metrics answers. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The worker process's `GET /metrics` (`CARTAX_WORKER_METRICS_PORT`): the worker serves no API, so
 * this small server answers that one path with the process's Prometheus metrics, and 404 for any
 * other. Port 0 takes any free port (the URL says which).
 */
export function serveMetrics(registry: Registry, host: string, port: number): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
      response
        .writeHead(404, { "Content-Type": "text/plain; charset=utf-8" })
        .end("only GET /metrics here\n");
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { "Content-Type": registry.contentType }).end(text),
      () =>
        response.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("metrics unavailable\n"),
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const bound = (server.address() as AddressInfo).port;
      resolve({
        url: `http://${host.includes(":") ? `[${host}]` : host}:${bound}/metrics`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
