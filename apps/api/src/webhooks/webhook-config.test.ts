import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConfigError } from "@cartax/storage";
import { describe, expect, it } from "vitest";
import { readWebhookConfig } from "./webhook-config";

describe("CARTAX_WEBHOOK_RETRY_DELAYS_MS", () => {
  it("defaults to 10000,40000 (3 attempts) and reads one or two delays", () => {
    expect(readWebhookConfig({}).retryDelaysMs).toEqual([10_000, 40_000]);
    expect(readWebhookConfig({ CARTAX_WEBHOOK_RETRY_DELAYS_MS: "200,800" }).retryDelaysMs).toEqual([
      200, 800,
    ]);
    expect(readWebhookConfig({ CARTAX_WEBHOOK_RETRY_DELAYS_MS: "5000" }).retryDelaysMs).toEqual([5000]);
  });

  it.each(["1,2,3", "10s", "1,,2", "-1", "1.5", "99999999"])(
    "refuses %j with one line naming the variable",
    (raw) => {
      const read = () => readWebhookConfig({ CARTAX_WEBHOOK_RETRY_DELAYS_MS: raw });
      expect(read).toThrow(ConfigError);
      expect(read).toThrow(/^CARTAX_WEBHOOK_RETRY_DELAYS_MS must /);
      expect(() => read()).not.toThrow(/\n/);
    },
  );

  it("names the rule a list breaks: whole numbers, at most 2 delays, at most one hour each", () => {
    const read = (raw: string) => () => readWebhookConfig({ CARTAX_WEBHOOK_RETRY_DELAYS_MS: raw });
    expect(read(" 200 ")()).toMatchObject({ retryDelaysMs: [200] });
    expect(read("1,2,3")).toThrow(/at most 2 delays/);
    expect(read("10s")).toThrow(/whole numbers/);
    expect(read("-5")).toThrow(/whole numbers/);
    expect(read("3600001")).toThrow(/one hour/);
  });

  it("refuses the former CARTAX_WEBHOOK_RETRY_BASE_MS rather than ignoring it", () => {
    expect(() => readWebhookConfig({ CARTAX_WEBHOOK_RETRY_BASE_MS: "200" })).toThrow(
      /replaced by CARTAX_WEBHOOK_RETRY_DELAYS_MS/,
    );
  });

  it("stops the server at start with that one line (built server)", () => {
    const server = path.resolve(import.meta.dirname, "../../dist/server.js");
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-delays-"));
    try {
      const run = spawnSync(process.execPath, [server], {
        env: {
          ...process.env,
          PORT: "0",
          CARTAX_DATA_DIR: dataDir,
          CARTAX_WEBHOOK_RETRY_DELAYS_MS: "10000,40000,90000",
        },
        encoding: "utf8",
        timeout: 50_000,
      });
      expect(run.status).not.toBe(0);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      expect(run.stderr).toMatch(/CARTAX_WEBHOOK_RETRY_DELAYS_MS must list at most 2 delays/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
