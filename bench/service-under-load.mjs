// What the HTTP benchmarks share (http.mjs, http-compare.mjs, profile.mjs, soak.mjs): a fresh
// SQLite folder with one subscription and the bench car, a server process started on a free port,
// wrk on loopback, and a process's CPU time from /proc.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { benchCar } from "./bench-request.mjs";

/**
 * A bench script's command-line options (node:util's parseArgs), or an exit with status 2 and a line
 * naming what was wrong and the script's usage.
 */
export function benchOptions(script, usage, options) {
  try {
    return parseArgs({ options }).values;
  } catch (error) {
    console.error(`${script}: ${error.message}; ${usage}`);
    process.exit(2);
  }
}

/** The median of numbers: the middle one, or the mean of the two middle ones. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
}

/** A command-line count: a whole number from 1 written in digits, else undefined. */
export function wholeNumber(text) {
  return /^[1-9]\d*$/.test(text) ? Number(text) : undefined;
}

/** Whether wrk is installed (Debian package `wrk`). */
export function wrkInstalled() {
  return !spawnSync("wrk", ["--version"]).error;
}

/**
 * A fresh SQLite folder holding one subscription with calculation access and the bench car, made
 * with `openStorage` (a build's own storage package: http-compare.mjs seeds each build with its own).
 */
/**
 * The database of a benchmark: SQLite in the seeded folder (the default), or with
 * BENCH_DATABASE=postgres a private PostgreSQL cluster started for the run (Debian's server
 * binaries, as the tests use; fsync on). `env` is what the service needs to use it.
 */
export async function benchDatabase() {
  if (process.env.BENCH_DATABASE !== "postgres")
    return { name: "SQLite", url: undefined, env: {}, stop() {} };
  const database = await postgresDatabase();
  if (!database) throw new Error("BENCH_DATABASE=postgres: no PostgreSQL server binaries");
  return database;
}

/**
 * A private PostgreSQL cluster started for the run, as benchDatabase's; undefined when this machine
 * has no PostgreSQL server binaries (http.mjs then skips its PostgreSQL row with a line).
 */
export async function postgresDatabase() {
  const { default: startPostgres } = await import("@cartax/storage/testing/postgres-global-setup");
  const before = process.env.CARTAX_PG_URL;
  delete process.env.CARTAX_PG_URL;
  try {
    const stop = (await startPostgres().catch(() => undefined)) ?? (() => {});
    const url = process.env.CARTAX_PG_URL;
    return url ? { name: "PostgreSQL", url, env: { DATABASE_URL: url }, stop } : undefined;
  } finally {
    if (before === undefined) delete process.env.CARTAX_PG_URL;
    else process.env.CARTAX_PG_URL = before;
  }
}

export async function seedDatabase(openStorage, name = "bench", databaseUrl = undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cartax-${name}-`));
  const storage = await openStorage({ dataDir, databaseUrl });
  const { primaryKey, subscription } = await storage.subscriptions.create({
    name,
    environment: "acceptance",
    calculationAccess: true,
  });
  const stored = await storage.carDetails.create(subscription.ownerId, { ...benchCar, isActive: true });
  await storage.close();
  return { dataDir, key: primaryKey, ownerId: subscription.ownerId, carId: stored.id };
}

/**
 * Starts a server script (the service's `dist/server.js` or a bench server) on 127.0.0.1 and a free
 * port with LOG_LEVEL=warn; resolves with the child and its URL once it says it is listening. Its
 * standard output is dropped, or written to `stdout` (a file descriptor: promotion.mjs reads V8's
 * --trace-gc lines there).
 */
export function startServer(script, { env = {}, nodeArgs = [], stdout = "ignore" } = {}) {
  const child = spawn(process.execPath, [...nodeArgs, script], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", stdout, "pipe"],
  });
  return new Promise((resolve, reject) => {
    let err = "";
    child.stderr.on("data", (chunk) => {
      // The tail only, for the errors of its callers: a server of a long run (the soak) writes on.
      err = (err + chunk).slice(-4000);
      const match = /listening on (http:\/\/\S+)/.exec(err);
      if (match) resolve({ child, url: match[1], stderrTail: () => err });
    });
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}: ${err}`)));
  });
}

/**
 * Stops a server started by startServer and waits for its exit (SIGINT lets --cpu-prof write); a
 * server that has already exited is left as it is (waiting for its exit would never end).
 */
export async function stopServer(server, signal = "SIGTERM") {
  server.child.removeAllListeners("exit");
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill(signal);
  await exited;
}

/**
 * Runs wrk (2 threads) for `seconds` at `connections`; `body` is sent as JSON by POST, `lua` adds to
 * the script (e.g. a `request` function). Returns requests/s, p50, p98, p99, p99.9 and the longest
 * latency (ms) and the count of non-2xx answers.
 */
export function wrk(url, { seconds, connections = 50, method, body, lua = "" }) {
  const script = path.join(os.tmpdir(), `cartax-wrk-${process.pid}.lua`);
  fs.writeFileSync(
    script,
    `wrk.method = "${method ?? (body ? "POST" : "GET")}"\n` +
      (body
        ? `wrk.body = [[${JSON.stringify(body)}]]\nwrk.headers["Content-Type"] = "application/json"\n`
        : "") +
      lua +
      `done = function(summary, latency, requests)\n` +
      `  io.write(string.format("RESULT %f %f %f %d %f %f %f\\n", summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.errors.status, latency:percentile(98) / 1000, latency:percentile(99.9) / 1000, latency.max / 1000))\n` +
      `end\n`,
  );
  const run = spawnSync("wrk", ["-t2", `-c${connections}`, `-d${seconds}s`, "-s", script, url], {
    encoding: "utf8",
  });
  fs.rmSync(script, { force: true });
  const match = /RESULT ([\d.]+) ([\d.]+) ([\d.]+) (\d+) ([\d.]+) ([\d.]+) ([\d.]+)/.exec(run.stdout);
  if (!match) throw new Error(`wrk failed: ${run.stdout}${run.stderr}`);
  return {
    rps: Number(match[1]),
    p50: Number(match[2]),
    p98: Number(match[5]),
    p99: Number(match[3]),
    p999: Number(match[6]),
    max: Number(match[7]),
    non2xx: Number(match[4]),
  };
}

/** CPU time (user + kernel, ms) of one thread's or one process's /proc stat line. */
function statCpuMs(file) {
  const stat = fs.readFileSync(file, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // USER_HZ: Linux counts CPU time in 1/100 s here.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU time (ms) of a process so far, all its threads. */
export function processCpuMs(pid) {
  return statCpuMs(`/proc/${pid}/stat`);
}

/** CPU time (ms) of each thread of a process so far, the main thread as "main". */
export function threadCpuMs(pid) {
  const out = {};
  for (const tid of fs.readdirSync(`/proc/${pid}/task`))
    out[tid === String(pid) ? "main" : `thread ${tid}`] = statCpuMs(`/proc/${pid}/task/${tid}/stat`);
  return out;
}

/**
 * A wrk Lua fragment that adds a registration date drawn from the 365 days of 2025 to each request
 * (the path must already have a query): GetTaxMatrix computed nearly every time, since the service
 * remembers a car's answers for 16 dates.
 */
export const newRegistrationDates = {
  lua:
    `request = function()\n` +
    `  local t = os.time{year=2025, month=1, day=1, hour=12} + math.random(0, 364) * 86400\n` +
    `  return wrk.format(nil, wrk.path .. "&registrationDate=" .. os.date("!%Y-%m-%d", t))\n` +
    `end\n`,
};

/**
 * A wrk Lua fragment that makes each request with a Lua function, as `newRegistrationDates` does,
 * but the same request each time: the floor measured with the load generator doing the same kind
 * of work per request as for the computed matrix's rows. wrk sends a static request from a buffer
 * it made once; with a `request` function it runs Lua for every request, on the same two cores as
 * the server, and the p99 it measures may grow with it (the floor's p99 1.15–1.38× its static one in
 * three alternated rounds, though not in every run: bench/results/2026-12-07-night.md).
 */
export const requestsMadeByLua = {
  lua: `request = function()\n  return wrk.format()\nend\n`,
};
