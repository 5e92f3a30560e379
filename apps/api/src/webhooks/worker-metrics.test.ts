import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { openStorage } from "@cartax/storage";
import { type FreshDatabase, testDatabases } from "@cartax/storage/testing";
import { afterEach, describe, expect, it } from "vitest";

const workerScript = path.resolve(import.meta.dirname, "../../dist/worker.js");
const sqlite = testDatabases().filter((d) => d.dialect === "sqlite");

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The built worker (`node apps/api/dist/worker.js`); resolves with its stderr once it says it runs. */
function spawnWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, [workerScript], {
    env: { ...process.env, HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stdout.resume(); // its JSON log lines: read, so that a full pipe never stalls it
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  });
  const started = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${stderr}`)), 20_000);
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
      if (stderr.includes("cartax worker delivering webhooks")) {
        clearTimeout(timer);
        resolve(stderr);
      }
    });
    void exited.then((code) => reject(new Error(`worker exited with ${code}:\n${stderr}`)));
  });
  return { child, started, exited, output: () => stderr };
}

describe.each(sqlite)("worker.js on $dialect", (db) => {
  it("with CARTAX_WORKER_METRICS_PORT serves its own GET /metrics, counting its deliveries", async () => {
    const fresh: FreshDatabase = await db.create();
    cleanups.push(() => fresh.cleanup());
    const receiver = http.createServer((_request, response) => response.writeHead(204).end());
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => void receiver.close());
    const storage = await openStorage(fresh);
    const { subscription } = await storage.subscriptions.create({ name: "hooks", environment: "acceptance" });
    // Its first ping is due at once: the worker sends it.
    await storage.webhooks.addEndpoint({
      subscriptionId: subscription.id,
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    });
    await storage.close();

    const worker = spawnWorker({
      ...fresh.env,
      CARTAX_WORKER_METRICS_PORT: "0",
      CARTAX_WEBHOOK_POLL_MS: "25",
    });
    const stderr = await worker.started;
    const url = /metrics on (http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(stderr)?.[1] as string;
    expect(url).toBeDefined();
    const delivered = /^cartax_webhook_deliveries_total\{kind="ping",outcome="delivered"\} 1$/m;
    let text = "";
    for (const end = Date.now() + 20_000; !delivered.test(text) && Date.now() < end; ) {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
      text = await response.text();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(text).toMatch(delivered);
    expect(text).toContain("# TYPE cartax_job_failures_total counter");
    expect(text).toMatch(/^cartax_webhook_deliveries_pending 0$/m);
    expect((await fetch(url.replace("/metrics", "/v1/Calculate"))).status).toBe(404);
    worker.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
  }, 60_000);

  it("without it (blank) serves no metrics", async () => {
    const fresh: FreshDatabase = await db.create();
    cleanups.push(() => fresh.cleanup());
    const worker = spawnWorker({ ...fresh.env, CARTAX_WORKER_METRICS_PORT: "" });
    const stderr = await worker.started;
    expect(stderr).not.toContain("metrics on");
  }, 60_000);

  it("refuses a wrong CARTAX_WORKER_METRICS_PORT with one line naming it", async () => {
    const fresh: FreshDatabase = await db.create();
    cleanups.push(() => fresh.cleanup());
    const worker = spawnWorker({ ...fresh.env, CARTAX_WORKER_METRICS_PORT: "metrics" });
    void worker.started.catch(() => undefined);
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toBe(
      'cartax worker: CARTAX_WORKER_METRICS_PORT must be a whole number from 0 to 65535, got "metrics"\n',
    );
  }, 60_000);
});
