import { Writable } from "node:stream";
import type { Environment, NewSubscription } from "@cartax/storage";
import type { FreshDatabase, TestDatabase } from "@cartax/storage/testing";
import type { ServiceConfig } from "../config";
import { type RunningServer, type StartOptions, startServer } from "../start-server";
import type { WebhookConfig } from "../webhooks/webhook-config";

/** A real service on a real port over a fresh database, with its log lines captured. */
export interface TestService {
  readonly server: RunningServer;
  readonly base: string;
  readonly logs: string[];
  readonly database: FreshDatabase;
  /** A subscription of this service's environment; returns its keys and ids. */
  subscribe(options?: Partial<NewSubscription>): Promise<{
    id: string;
    ownerId: string;
    primaryKey: string;
    secondaryKey: string;
  }>;
  /**
   * The address on this server of the public page that `GET /v1/PublicLink?<query>` (e.g.
   * `cardetailid=…`, `comparisonid=…`) links to: its Location names the public base URL.
   */
  publicPage(key: string, query: string): Promise<string>;
  stop(): Promise<void>;
}

/** The public base URL of every test service: the addresses its answers write start with it. */
const PUBLIC_BASE_URL = "https://api.cartax.test";

export async function startTestService(
  db: TestDatabase,
  options: {
    environment?: Environment;
    database?: FreshDatabase;
    webhooks?: WebhookConfig;
    qrRenders?: ServiceConfig["qrRenders"];
    qrRender?: StartOptions["qrRender"];
    idempotencyTtlMs?: number;
  } = {},
): Promise<TestService> {
  const database = options.database ?? (await db.create());
  const environment = options.environment ?? "acceptance";
  const logs: string[] = [];
  const logDestination = new Writable({
    write(chunk, _encoding, done) {
      logs.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  const server = await startServer(
    {
      port: 0,
      host: "127.0.0.1",
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      environment,
      publicBaseUrl: PUBLIC_BASE_URL,
      qrRenders: options.qrRenders,
      idempotencyTtlMs: options.idempotencyTtlMs,
    },
    {
      logDestination,
      shutdownGraceMs: 2000,
      ...(options.webhooks ? { webhooks: options.webhooks } : {}),
      ...(options.qrRender ? { qrRender: options.qrRender } : {}),
    },
  );
  return {
    server,
    base: `${server.url}/v1`,
    logs,
    database,
    async subscribe(subscription = {}) {
      const created = await server.service.storage.subscriptions.create({
        name: "test",
        environment,
        calculationAccess: true,
        ...subscription,
      });
      return {
        id: created.subscription.id,
        ownerId: created.subscription.ownerId,
        primaryKey: created.primaryKey,
        secondaryKey: created.secondaryKey,
      };
    },
    async publicPage(key, query) {
      const link = await call(`${server.url}/v1/PublicLink?${query}`, key);
      return (link.headers.get("location") ?? "").replace(PUBLIC_BASE_URL, server.url);
    },
    async stop() {
      await server.close();
      if (!options.database) await database.cleanup();
    },
  };
}

/** fetch with the key in the query parameter (the spec's guaranteed way). */
export function call(
  url: string,
  key: string | undefined,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  const target = new URL(url);
  if (key !== undefined) target.searchParams.set("subscription-key", key);
  const hasBody = init.body !== undefined;
  return fetch(target, {
    method: init.method ?? (hasBody ? "POST" : "GET"),
    headers: { ...(hasBody ? { "content-type": "application/json" } : {}), ...init.headers },
    ...(hasBody ? { body: typeof init.body === "string" ? init.body : JSON.stringify(init.body) } : {}),
  });
}

// biome-ignore lint/suspicious/noExplicitAny: the tests read arbitrary JSON answers and assert on them
export type Json = any;

/** The JSON body of a response, typed loosely for assertions. */
export const readJson = (response: Response): Promise<Json> => response.json();
