/**
 * Starts the real service the way the README says (`npm start` runs `node scripts/dev.mjs start`),
 * on a free port with a temporary data folder, waits for `GET /health`, issues subscriptions with
 * the operator CLI (`pnpm --silent cartax` runs `node scripts/cartax.mjs`), and stops the service
 * with SIGTERM at the end.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";

const execFileAsync = promisify(execFile);

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export interface Subscription {
  id: string;
  ownerId: string;
  primaryKey: string;
  secondaryKey: string;
  active: boolean;
  calculationAccess: boolean;
}

export interface BlackboxContext {
  baseUrl: string;
  origin: string;
  dataDir: string;
  repoRoot: string;
  /** Calculation access, account A. */
  main: Subscription;
  /** No calculation access, same account A. */
  noCalc: Subscription;
  /** Inactive (with calculation access), its own account. */
  inactive: Subscription;
  /** Calculation access, another account B. */
  other: Subscription;
  /** Calculation access, prices sent including VAT, its own account. */
  vat: Subscription;
}

declare module "vitest" {
  export interface ProvidedContext {
    bb: BlackboxContext;
  }
}

let child: ChildProcess | undefined;
let dataDir: string | undefined;
let output = "";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(origin: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      throw new Error(`the service exited with ${child.exitCode} before it was healthy:\n${output}`);
    }
    try {
      const res = await fetch(`${origin}/health`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the service did not answer GET /health within ${timeoutMs} ms:\n${output}`);
}

/** Runs the operator CLI from the repository root on the test's data folder; returns parsed stdout JSON. */
export async function cli(dir: string, args: string[]): Promise<unknown> {
  const { stdout } = await execFileAsync(
    process.execPath,
    [path.join(repoRoot, "scripts/cartax.mjs"), ...args],
    {
      cwd: repoRoot,
      env: { ...process.env, CARTAX_DATA_DIR: dir },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout);
}

export async function setup(project: TestProject): Promise<void> {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-blackbox-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [path.join(repoRoot, "scripts/dev.mjs"), "start"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      CARTAX_DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // docs/operations.md, Webhooks: short intervals so pings and retries are observable within the suite.
      CARTAX_PING_INTERVAL_MS: "1000",
      CARTAX_WEBHOOK_RETRY_DELAYS_MS: "200,800",
      CARTAX_WEBHOOK_POLL_MS: "100",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  await waitForHealth(origin, 180_000);

  const main = (await cli(dataDir, [
    "subscription",
    "create",
    "--name",
    "bb-main",
    "--calculation-access",
  ])) as Subscription;
  const noCalc = (await cli(dataDir, [
    "subscription",
    "create",
    "--name",
    "bb-nocalc",
    "--account",
    main.ownerId,
  ])) as Subscription;
  const inactive = (await cli(dataDir, [
    "subscription",
    "create",
    "--name",
    "bb-inactive",
    "--calculation-access",
    "--inactive",
  ])) as Subscription;
  const other = (await cli(dataDir, [
    "subscription",
    "create",
    "--name",
    "bb-other",
    "--calculation-access",
  ])) as Subscription;
  const vat = (await cli(dataDir, [
    "subscription",
    "create",
    "--name",
    "bb-vat",
    "--calculation-access",
    "--prices-include-vat",
  ])) as Subscription;

  project.provide("bb", {
    baseUrl: `${origin}/v1`,
    origin,
    dataDir,
    repoRoot,
    main,
    noCalc,
    inactive,
    other,
    vat,
  });
}

export async function teardown(): Promise<void> {
  const proc = child;
  if (proc && proc.exitCode === null) {
    const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
    proc.kill("SIGTERM");
    const timer = setTimeout(() => proc.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
