import type { AddressInfo } from "node:net";
import { openStorage } from "@cartax/storage";
import { type ServerType, serve } from "@hono/node-server";
import pino, { type DestinationStream, type Logger } from "pino";
import { createApp } from "./app";
import type { ServiceConfig } from "./config";
import type { ServiceContext } from "./http/app-env";
import { DEFAULT_IDEMPOTENCY_TTL_MS } from "./http/idempotency";
import { ServiceMetrics } from "./http/metrics";
import { jobFailures, startBackgroundJobs } from "./jobs/background-jobs";
import { serviceJobs } from "./jobs/service-jobs";
import { QR_IMAGE_TTL_MS, QrImages } from "./qr/qr-images";
import { checkRulesNotice } from "./rules-notice-check";
import type { WebhookConfig } from "./webhooks/webhook-config";
import { startWebhookRuntime } from "./webhooks/webhook-runtime";

export interface RunningServer {
  readonly url: string;
  readonly service: ServiceContext;
  /** Graceful stop: no new connections, in-flight requests finish, then the database closes. */
  close(): Promise<void>;
}

export interface StartOptions {
  /** Where the JSON log lines go (default standard output). */
  readonly logDestination?: DestinationStream;
  /** How long in-flight requests may take to finish on close before connections are cut. */
  readonly shutdownGraceMs?: number;
  /** Webhook settings; with `workerInServer` the delivery worker runs in this process. */
  readonly webhooks?: WebhookConfig;
  /** Tests only: renders an SVG to PNG instead of resvg (e.g. one that waits to be released). */
  readonly qrRender?: (svg: string) => Promise<Buffer>;
}

/** The QR render limits when the configuration gives none (the README's defaults). */
export const DEFAULT_QR_RENDER_LIMITS = { concurrency: 2, queueLimit: 16 } as const;

export { USAGE_FLUSH_MS } from "./jobs/service-jobs";

/** Opens the database and serves the app; resolves once the port is listening. */
export async function startServer(config: ServiceConfig, options: StartOptions = {}): Promise<RunningServer> {
  const storage = await openStorage(config);
  const logger: Logger = pino(
    {
      base: { service: "cartax-api", environment: config.environment },
      level: config.logLevel ?? "info",
    },
    options.logDestination ?? pino.destination({ sync: false }),
  );
  const metrics = new ServiceMetrics(storage);
  await checkRulesNotice(storage, logger);
  // The sweeps and the usage flush (jobs/service-jobs.ts); each failure is logged and counted.
  const failures = jobFailures(logger, (job) => metrics.countJobFailure(job));
  const jobs = startBackgroundJobs(serviceJobs(storage), failures);
  const webhooks =
    options.webhooks?.workerInServer === true
      ? startWebhookRuntime(storage, options.webhooks, logger, {
          countSettled: (kind, outcome) => metrics.countWebhookDelivery(kind, outcome),
          jobFailures: failures,
        })
      : undefined;
  const qrImages = new QrImages(
    storage,
    QR_IMAGE_TTL_MS,
    config.qrRenders ?? DEFAULT_QR_RENDER_LIMITS,
    metrics.qr,
    options.qrRender,
  );
  metrics.watchQrRenders(() => qrImages.load);
  const context = {
    storage,
    environment: config.environment,
    logger,
    publicBaseUrl: config.publicBaseUrl ?? "",
    qrImages,
    idempotencyTtlMs: config.idempotencyTtlMs ?? DEFAULT_IDEMPOTENCY_TTL_MS,
  };
  return new Promise((resolve, reject) => {
    const server: ServerType = serve(
      { fetch: (request, env) => app.fetch(request, env), port: config.port, hostname: config.host },
      (info: AddressInfo) => {
        const url = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${info.port}`;
        service.publicBaseUrl = config.publicBaseUrl ?? `http://localhost:${info.port}`;
        resolve({
          url,
          service,
          close: async () => {
            await jobs.stop();
            await webhooks?.stop();
            await close(server, service, options.shutdownGraceMs ?? 10_000);
          },
        });
      },
    );
    const service: { -readonly [K in keyof ServiceContext]: ServiceContext[K] } = context;
    const app = createApp(service, metrics);
    server.once("error", (error: NodeJS.ErrnoException) => {
      void Promise.all([jobs.stop(), webhooks?.stop()]).then(() => storage.close());
      reject(
        error.code === "EADDRINUSE"
          ? new Error(`port ${config.port} on ${config.host} is already in use (set PORT to another port)`)
          : error,
      );
    });
  });
}

function close(server: ServerType, service: ServiceContext, graceMs: number): Promise<void> {
  return new Promise((done) => {
    const force = setTimeout(() => {
      if ("closeAllConnections" in server) server.closeAllConnections();
    }, graceMs);
    server.close(() => {
      clearTimeout(force);
      service.logger.flush?.();
      void service.qrImages
        .close()
        .then(() => service.storage.close())
        .then(() => done());
    });
    // Idle keep-alive connections would hold close() open; in-flight requests still finish.
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  });
}
