/**
 * Starts the real service the way the README says for a built checkout (`npm start` runs
 * `node scripts/dev.mjs start`) on a free port with a fresh data folder, waits for `GET /health`,
 * issues the subscriptions the suite needs with the operator CLI (`pnpm --silent cartax …` runs
 * `node scripts/cartax.mjs …`), and stops the service with SIGTERM at the end.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { cli, REPO_ROOT, type Subscription } from "./cli.ts";

declare module "vitest" {
  export interface ProvidedContext {
    base: string;
    origin: string;
    /** A second instance with CARTAX_ENVIRONMENT=production on the same database (README). */
    productionOrigin: string;
    /** A subscription issued by the CLI for the production environment. */
    productionSub: Subscription;
    dataDir: string;
    subs: {
      /** Active, calculation access: the main caller. */
      main: Subscription;
      /** A second subscription of the main caller's account. */
      sameAccount: Subscription;
      /** Active, no calculation access. */
      noCalc: Subscription;
      /** Inactive (with calculation access, so only the active gate fails). */
      inactive: Subscription;
      /** Another account, calculation access. */
      other: Subscription;
      /** Calculation access, catalog prices sent including VAT. */
      vat: Subscription;
    };
  }
}

function freePort(): Promise<number> {
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

async function waitForHealth(origin: string, child: ChildProcess, logFile: string, limitMs: number) {
  const deadline = Date.now() + limitMs;
  let exited: number | null = null;
  child.once("exit", (code) => {
    exited = code ?? -1;
  });
  while (Date.now() < deadline) {
    if (exited !== null) {
      throw new Error(`the service exited (${exited}) before answering /health:\n${tail(logFile)}`);
    }
    try {
      const res = await fetch(`${origin}/health`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no 200 from ${origin}/health within ${limitMs / 1000} s:\n${tail(logFile)}`);
}

function tail(file: string): string {
  try {
    return fs.readFileSync(file, "utf8").split("\n").slice(-40).join("\n");
  } catch {
    return "(no log)";
  }
}

interface Service {
  origin: string;
  stop: () => Promise<void>;
}

/** `npm start` is `node scripts/dev.mjs start`: install (a no-op when done), build (cached), serve. */
async function startService(
  dataDir: string,
  name: string,
  extraEnv: Record<string, string>,
): Promise<Service> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, `${name}.log`);
  const log = fs.openSync(logFile, "a");
  // The README's `npm start` from a plain shell: without a pnpm user agent, dev.mjs fetches the
  // pinned pnpm through npx. (Inherited from `pnpm --filter … test`, npm_execpath may name npm's
  // CLI while the user agent says pnpm, and dev.mjs would then run `npm install`.)
  const { npm_config_user_agent: _agent, npm_execpath: _execpath, ...inherited } = process.env;
  const child = spawn(process.execPath, ["scripts/dev.mjs", "start"], {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: "127.0.0.1",
      CARTAX_DATA_DIR: dataDir,
      CARTAX_PUBLIC_BASE_URL: origin,
      LOG_LEVEL: "warn",
      ...extraEnv,
    },
    stdio: ["ignore", log, log],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    }
    fs.closeSync(log);
  };
  try {
    await waitForHealth(origin, child, logFile, 180_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}

export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-blackbox-"));
  const services: Service[] = [];
  const stopAll = async () => {
    for (const service of services.reverse()) await service.stop();
  };
  try {
    const acceptance = await startService(dataDir, "acceptance", {
      // docs/operations.md, Webhooks: settings of the delivery worker, shortened so retries, timeouts and pings
      // happen within the run (defaults 10 s, 500 ms, 30 s, 300 s).
      CARTAX_WEBHOOK_RETRY_DELAYS_MS: "200,800",
      CARTAX_WEBHOOK_POLL_MS: "50",
      CARTAX_WEBHOOK_TIMEOUT_MS: "1000",
      CARTAX_PING_INTERVAL_MS: "1000",
    });
    services.push(acceptance);
    // docs/operations.md, Configuration: the same database seen as production; its own webhook worker is off so
    // that deliveries come from one process only.
    const production = await startService(dataDir, "production", {
      CARTAX_ENVIRONMENT: "production",
      CARTAX_WEBHOOK_WORKER: "off",
    });
    services.push(production);

    const create = (...flags: string[]) =>
      cli<Subscription>(dataDir, ["subscription", "create", "--name", "blackbox", ...flags]);
    const main = await create("--calculation-access");
    const [sameAccount, noCalc, inactive, other, vat, productionSub] = await Promise.all([
      create("--calculation-access", "--account", main.ownerId),
      create(),
      create("--calculation-access", "--inactive"),
      create("--calculation-access"),
      create("--calculation-access", "--prices-include-vat"),
      cli<Subscription>(
        dataDir,
        ["subscription", "create", "--name", "blackbox-production", "--calculation-access"],
        { CARTAX_ENVIRONMENT: "production" },
      ),
    ]);
    project.provide("base", `${acceptance.origin}/v1`);
    project.provide("origin", acceptance.origin);
    project.provide("productionOrigin", production.origin);
    project.provide("productionSub", productionSub);
    project.provide("dataDir", dataDir);
    project.provide("subs", { main, sameAccount, noCalc, inactive, other, vat });
  } catch (error) {
    await stopAll();
    throw error;
  }
  return async () => {
    await stopAll();
    if (process.env.BLACKBOX_KEEP_DATA) {
      console.log(`blackbox: data and service logs kept in ${dataDir}`);
    } else {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
}
