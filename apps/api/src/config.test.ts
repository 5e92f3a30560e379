import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ConfigError } from "@cartax/storage";
import { describe, expect, it } from "vitest";
import { readConfig } from "./config";
import { startServer } from "./start-server";
import { readWebhookConfig } from "./webhooks/webhook-config";

describe("readConfig", () => {
  it("defaults to 127.0.0.1:3000, ./data and acceptance", () => {
    const config = readConfig({});
    expect(config).toMatchObject({ port: 3000, host: "127.0.0.1", environment: "acceptance" });
    expect(config.dataDir).toBe(path.resolve("data"));
    expect(config.databaseUrl).toBeUndefined();
  });

  it("keeps idempotency keys 24 hours unless CARTAX_IDEMPOTENCY_TTL_MS says otherwise", () => {
    expect(readConfig({}).idempotencyTtlMs).toBe(24 * 60 * 60 * 1000);
    expect(readConfig({ CARTAX_IDEMPOTENCY_TTL_MS: "3600000" }).idempotencyTtlMs).toBe(3_600_000);
    expect(() => readConfig({ CARTAX_IDEMPOTENCY_TTL_MS: "1h" })).toThrow(
      /^CARTAX_IDEMPOTENCY_TTL_MS must be/,
    );
  });

  it.each(["abc", "", " ", "-1", "65536", "3000.5", "1e3"])("refuses PORT=%j with one clear line", (port) => {
    expect(() => readConfig({ PORT: port })).toThrow(ConfigError);
    expect(() => readConfig({ PORT: port })).toThrow(/^PORT must be a whole number/);
  });

  it("refuses an unknown environment and a database URL that is not PostgreSQL, without echoing it", () => {
    expect(() => readConfig({ CARTAX_ENVIRONMENT: "prod" })).toThrow(/CARTAX_ENVIRONMENT/);
    expect(() => readConfig({ DATABASE_URL: "mysql://u:secret@h/db" })).toThrow(/^DATABASE_URL must be/);
    expect(() => readConfig({ DATABASE_URL: "mysql://u:secret@h/db" })).not.toThrow(/secret/);
  });
});

describe("readWebhookConfig", () => {
  it("reads the webhook settings from the same schema, in milliseconds", () => {
    expect(readWebhookConfig({})).toEqual({
      workerInServer: true,
      pingIntervalMs: 300_000,
      pingFlagThreshold: 3,
      timeoutMs: 30_000,
      retryDelaysMs: [10_000, 40_000],
      pollMs: 500,
    });
    expect(
      readWebhookConfig({ CARTAX_PING_INTERVAL_MS: "1000", CARTAX_WEBHOOK_WORKER: "off" }),
    ).toMatchObject({
      workerInServer: false,
      pingIntervalMs: 1000,
    });
  });

  it("stops the server's and the worker's reading on a renamed or wrong variable, even one the other reads", () => {
    expect(() => readWebhookConfig({ CARTAX_PING_INTERVAL_S: "1" })).toThrow(
      /is now CARTAX_PING_INTERVAL_MS/,
    );
    expect(() => readConfig({ CARTAX_WEBHOOK_POLL_MS: "fast" })).toThrow(ConfigError);
    expect(() => readWebhookConfig({ PORT: "x" })).toThrow(/^PORT must be/);
  });
});

describe("startServer on a busy port", () => {
  it("fails with one line naming the port", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as net.AddressInfo;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-busy-"));
    try {
      await expect(
        startServer({ port, host: "127.0.0.1", dataDir, databaseUrl: undefined, environment: "acceptance" }),
      ).rejects.toThrow(`port ${port} on 127.0.0.1 is already in use`);
    } finally {
      blocker.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
