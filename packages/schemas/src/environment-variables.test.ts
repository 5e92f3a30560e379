import { describe, expect, it } from "vitest";
import { ConfigError, readEnvironmentVariables } from "./environment-variables";

describe("the environment variables (README, Configuration)", () => {
  it("defaults every setting; every duration in milliseconds", () => {
    expect(readEnvironmentVariables({})).toEqual({
      PORT: 3000,
      HOST: "127.0.0.1",
      CARTAX_PUBLIC_BASE_URL: undefined,
      LOG_LEVEL: "info",
      CARTAX_DATA_DIR: "data",
      DATABASE_URL: undefined,
      CARTAX_ENVIRONMENT: "acceptance",
      CARTAX_WEBHOOK_WORKER: "on",
      CARTAX_PING_INTERVAL_MS: 300_000,
      CARTAX_PING_INTERVAL_S: undefined,
      CARTAX_PING_FLAG_THRESHOLD: 3,
      CARTAX_WEBHOOK_TIMEOUT_MS: 30_000,
      CARTAX_WEBHOOK_RETRY_DELAYS_MS: [10_000, 40_000],
      CARTAX_WEBHOOK_POLL_MS: 500,
      CARTAX_QR_RENDER_CONCURRENCY: 2,
      CARTAX_QR_QUEUE_LIMIT: 16,
      CARTAX_IDEMPOTENCY_TTL_MS: 86_400_000,
    });
  });

  it("reads given values, trimmed; blank means the default", () => {
    const read = readEnvironmentVariables({
      PORT: " 8080 ",
      CARTAX_PUBLIC_BASE_URL: "https://api.example.be/",
      LOG_LEVEL: "warn",
      CARTAX_ENVIRONMENT: "production",
      CARTAX_WEBHOOK_WORKER: "off",
      CARTAX_PING_INTERVAL_MS: "1000",
      CARTAX_WEBHOOK_RETRY_DELAYS_MS: "0",
      CARTAX_WEBHOOK_POLL_MS: " ",
    });
    expect(read).toMatchObject({
      PORT: 8080,
      CARTAX_PUBLIC_BASE_URL: "https://api.example.be",
      LOG_LEVEL: "warn",
      CARTAX_ENVIRONMENT: "production",
      CARTAX_WEBHOOK_WORKER: "off",
      CARTAX_PING_INTERVAL_MS: 1000,
      CARTAX_WEBHOOK_RETRY_DELAYS_MS: [0],
      CARTAX_WEBHOOK_POLL_MS: 500,
      CARTAX_QR_RENDER_CONCURRENCY: 2,
      CARTAX_QR_QUEUE_LIMIT: 16,
    });
  });

  it.each([
    [{ PORT: "70000" }, 'PORT must be a whole number from 0 to 65535, got "70000"'],
    [{ HOST: " " }, "HOST must not be empty"],
    [{ CARTAX_PUBLIC_BASE_URL: "ftp://x" }, "CARTAX_PUBLIC_BASE_URL must be an http(s) origin"],
    [
      { LOG_LEVEL: "loud" },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    ],
    [{ CARTAX_ENVIRONMENT: "prod" }, 'CARTAX_ENVIRONMENT must be one of acceptance, production, got "prod"'],
    [{ CARTAX_WEBHOOK_WORKER: "yes" }, 'CARTAX_WEBHOOK_WORKER must be on or off, got "yes"'],
    [
      { CARTAX_PING_INTERVAL_MS: "5s" },
      'CARTAX_PING_INTERVAL_MS must be a whole number of milliseconds ≥ 100, got "5s"',
    ],
    [
      { CARTAX_WEBHOOK_TIMEOUT_MS: "99" },
      "CARTAX_WEBHOOK_TIMEOUT_MS must be a whole number of milliseconds ≥ 100",
    ],
    [{ CARTAX_WEBHOOK_POLL_MS: "1.5" }, "CARTAX_WEBHOOK_POLL_MS must be a whole number of milliseconds ≥ 10"],
    [{ CARTAX_PING_FLAG_THRESHOLD: "0" }, 'CARTAX_PING_FLAG_THRESHOLD must be a whole number ≥ 1, got "0"'],
    [
      { CARTAX_QR_RENDER_CONCURRENCY: "0" },
      'CARTAX_QR_RENDER_CONCURRENCY must be a whole number ≥ 1, got "0"',
    ],
    [{ CARTAX_QR_QUEUE_LIMIT: "-1" }, 'CARTAX_QR_QUEUE_LIMIT must be a whole number ≥ 0, got "-1"'],
    [
      { CARTAX_IDEMPOTENCY_TTL_MS: "999" },
      'CARTAX_IDEMPOTENCY_TTL_MS must be a whole number of milliseconds ≥ 1000, got "999"',
    ],
    [{ CARTAX_PING_INTERVAL_S: "1" }, "CARTAX_PING_INTERVAL_S is now CARTAX_PING_INTERVAL_MS"],
  ])("stops on %j with one line naming the variable", (env, message) => {
    expect(() => readEnvironmentVariables(env)).toThrow(ConfigError);
    expect(() => readEnvironmentVariables(env)).toThrow(message);
    try {
      readEnvironmentVariables(env);
    } catch (error) {
      expect((error as Error).message).not.toContain("\n");
    }
  });

  it("says every wrong value on one line, and never echoes DATABASE_URL", () => {
    const env = { PORT: "x", DATABASE_URL: "mysql://user:secret@host/db" };
    expect(() => readEnvironmentVariables(env)).toThrow(
      'PORT must be a whole number from 0 to 65535, got "x"; DATABASE_URL must be a postgres:// or postgresql:// URL',
    );
    expect(() => readEnvironmentVariables(env)).not.toThrow(/secret/);
  });
});
