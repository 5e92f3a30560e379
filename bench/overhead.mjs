#!/usr/bin/env node
// Issue 42's overhead budget: where POST /v1/Calculate spends the CPU time that the contract floor
// (floor-server.mjs, /floor-contract) does not, part by part, in µs per request.
//
//   node bench/overhead.mjs
//   node bench/overhead.mjs --route matrix-dates
//
// `--route matrix-dates`: GET /v1/GetTaxMatrix on a new registration date each time (the matrix
// computed) against the floor its p99 target names (floor-server.mjs, /floor: the engine and the lean
// lines of one Calculate behind the same adapter, no key, no record). Its parts are printed without
// budgets (the budgets are Calculate's).
//
// Each of the two runs the same body with the same key at 50 connections (SQLite, or every row on
// PostgreSQL with BENCH_DATABASE=postgres): first plainly (req/s and the CPU time of each thread per
// request, from /proc), then under --cpu-prof (where that time goes). A sample belongs to the part of
// the innermost frame of its stack that a rule of PARTS names; a thread's share of each part is
// scaled to the thread's CPU time per request of the plain run, so the profiler's own cost is left
// out. Threads without a profile (V8's garbage-collector and compiler helpers, libuv) are one part.
// The service logs at LOG_LEVEL=info (the access log an operator reads is part of the budget; to
// /dev/null here), unlike the other HTTP benchmarks. Each part's difference is printed beside its
// budget, "over" where it exceeds it. OVERHEAD_DEBUG=1 lists the stacks that no part owns.
// Not part of `pnpm bench` (about 40 s); the method of bench/README.md ("The overhead budget").
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { openStorage } from "@cartax/storage";
import { benchHttpRequest } from "./bench-request.mjs";
import { busySamples } from "./cpu-profile.mjs";
import {
  benchDatabase,
  newRegistrationDates,
  seedDatabase,
  startServer,
  stopServer,
  threadCpuMs,
  wrk,
  wrkInstalled,
} from "./service-under-load.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
if (!wrkInstalled()) {
  console.log("overhead skipped: wrk is not installed (Debian: apt-get install wrk)");
  process.exit(0);
}
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
let routeName;
try {
  routeName = parseArgs({ options: { route: { type: "string", default: "calculate" } } }).values.route;
} catch (error) {
  console.error(
    `overhead: ${error.message}; usage: node bench/overhead.mjs [--route calculate|matrix-dates]`,
  );
  process.exit(2);
}
if (routeName !== "calculate" && routeName !== "matrix-dates") {
  console.error(`overhead: --route calculate or matrix-dates, not ${routeName}`);
  process.exit(2);
}
const withBudgets = routeName === "calculate";

/**
 * The parts of the budget, each with its budget (the µs per request by which Calculate may exceed
 * the contract floor in that part, all threads, on SQLite; bench/README.md, "The overhead budget"
 * says what each buys) and the frames it owns (function names, or a piece of the script's address).
 * The first part whose rule matches, walking a sample's stack from the leaf up, owns the sample.
 * The JSON of the body is parsed inside readJsonBody (the service) or the route's handler (the
 * floor), and the answer serialised inside calculateAndRecord or the handler: both are "body and
 * answer JSON", so the two sides count them alike.
 */
const PARTS = [
  { name: "garbage collection (main and writer)", budget: 12, owns: (fn) => fn === "(garbage collector)" },
  {
    name: "validation (zod, query, depth)",
    budget: 18,
    owns: (fn, url) =>
      url.includes("zod@") ||
      ["validated", "queryValues", "jsonDepth", "getQueryParams", "_getQueryParam", "queries"].includes(fn),
  },
  {
    name: "engine: calculators and lines",
    budget: 3,
    owns: (_fn, url) => url.includes("packages/engine/") || url.includes("packages/schemas/"),
  },
  {
    name: "record compression (zlib)",
    budget: 0,
    owns: (fn, url) => url.startsWith("node:zlib") || fn === "encodeAudit" || fn === "auditBytes",
  },
  {
    name: "record commit (SQLite, PostgreSQL)",
    budget: 45,
    owns: (fn, url) =>
      url.includes("better-sqlite3") ||
      url.includes("pg@") ||
      url.includes("pg-") ||
      url.includes("kysely") ||
      ["insertAll", "insertOne", "commit", "commitReady", "commitTurns", "insertRows"].includes(fn) ||
      (url.includes("packages/storage/") && ["flush", "CalculationStore.writer", "insert"].includes(fn)),
  },
  {
    name: "hand-off to the writer thread",
    budget: 22,
    owns: (fn, url) =>
      url.includes("node:internal/worker") ||
      url.includes("messageport") ||
      fn === "postMessage" ||
      fn === "receiveMessageOnPort" ||
      url.includes("audit-writer"),
  },
  {
    name: "key check",
    budget: 0,
    owns: (fn) => ["authenticate", "lookUp", "hashKey", "active", "sha256"].includes(fn),
  },
  {
    name: "access log, metrics, usage",
    budget: 10,
    owns: (fn, url) =>
      url.includes("prom-client") ||
      url.includes("pino") ||
      url.includes("sonic-boom") ||
      ["observe", "record", "routeOf", "matchedRoutes", "redactUrl"].includes(fn),
  },
  {
    name: "body and answer JSON",
    budget: 0,
    owns: (fn, url) =>
      (url.includes("floor-server") && fn === "") ||
      ["readJsonBody", "nodeJsonBody", "calculateAndRecord", "jsonBody", "finish", "onEnd"].includes(fn),
  },
  {
    name: "response write (socket)",
    budget: 5,
    owns: (fn, url) =>
      fn === "writev" ||
      fn === "writevGeneric" ||
      url.includes("_http_outgoing") ||
      url === "node:net" ||
      url.includes("stream_base_commons"),
  },
  {
    name: "HTTP parsing and adapter (Node, @hono/node-server)",
    budget: 8,
    owns: (_fn, url) =>
      url.includes("_http_") || url.includes("node-server") || url.includes("node:internal/streams"),
  },
  {
    name: "routing and middleware (Hono, the service's)",
    budget: 25,
    owns: (_fn, url) =>
      url.includes("hono@") || url.includes("apps/api/dist") || url.includes("floor-server"),
  },
];
/** The parts that own no frame: threads without a profile, and samples no rule names. */
const HELPERS = { name: "threads without a profile (V8 GC and compiler helpers, libuv)", budget: 22 };
const OTHER = { name: "other (microtasks, timers, V8's own)", budget: 10 };

const unowned = new Map();
const partOf = (stack, count = 1) => {
  for (const frame of stack)
    for (const part of PARTS) if (part.owns(frame.functionName, frame.url)) return part.name;
  if (process.env.OVERHEAD_DEBUG) {
    const name = stack
      .slice(0, 4)
      .map((f) => `${f.functionName}@${f.url.replace(/.*\//, "")}`)
      .join(" < ");
    unowned.set(name, (unowned.get(name) ?? 0) + count);
  }
  return OTHER.name;
};

/** The samples of one .cpuprofile by part: { part: share of the thread's busy samples }. */
function profileParts(file) {
  const counts = new Map();
  let busy = 0;
  for (const { count, stack } of busySamples(file).busy) {
    // The start-up (modules loaded and compiled) is not a request's.
    if (stack.some((frame) => frame.url.startsWith("node:internal/modules"))) continue;
    const part = partOf(stack, count);
    counts.set(part, (counts.get(part) ?? 0) + count);
    busy += count;
  }
  return { busy, shares: new Map([...counts].map(([part, n]) => [part, n / busy])) };
}

/** CPU µs per request of each thread during one wrk run. */
function measured(pid, target, options) {
  const before = threadCpuMs(pid);
  const run = wrk(target, { seconds, ...options });
  const after = threadCpuMs(pid);
  const requests = run.rps * seconds;
  const threads = Object.entries(after).map(([thread, ms]) => [
    thread,
    ((ms - (before[thread] ?? 0)) * 1000) / requests,
  ]);
  return { run, threads: new Map(threads) };
}

/**
 * One side: a plain run (after a warm-up) and a profiled run. Returns req/s, p99 and µs per request
 * by part. The profiled threads are the main thread and, for the service, its busiest other thread
 * (the audit writer, whose profile is the second file).
 */
async function side(script, env, route, options) {
  const plain = await startServer(script, { env });
  const target = `${plain.url}${route}`;
  wrk(target, { seconds: 2, ...options });
  const { run, threads } = measured(plain.child.pid, target, options);
  await stopServer(plain);

  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-overhead-"));
  const profiled = await startServer(script, {
    env,
    nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`],
  });
  const profiledTarget = `${profiled.url}${route}`;
  wrk(profiledTarget, { seconds: 2, ...options });
  wrk(profiledTarget, { seconds, ...options });
  await stopServer(profiled, "SIGINT");
  const files = fs
    .readdirSync(profileDir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .sort();
  const profiles = files.map((f) => profileParts(path.join(profileDir, f))).filter((p) => p.busy >= 50);
  fs.rmSync(profileDir, { recursive: true, force: true });

  const main = threads.get("main") ?? 0;
  const others = [...threads].filter(([t]) => t !== "main").sort((a, b) => b[1] - a[1]);
  const writer = profiles.length > 1 ? (others.shift()?.[1] ?? 0) : 0;
  const helpers = others.reduce((sum, [, us]) => sum + us, 0);
  const parts = new Map();
  const add = (part, us) => parts.set(part, (parts.get(part) ?? 0) + us);
  for (const [part, share] of profiles[0]?.shares ?? []) add(part, share * main);
  for (const [part, share] of profiles[1]?.shares ?? []) add(part, share * writer);
  add(HELPERS.name, helpers);
  return { run, total: main + writer + helpers, main, writer, parts };
}

const database = await benchDatabase();
const { dataDir, key, carId } = await seedDatabase(openStorage, "overhead", database.url);
const query = `?subscription-key=${key}`;
const post = { body: benchHttpRequest };
const floor = await side(
  path.join(here, "floor-server.mjs"),
  { CARTAX_FLOOR_KEY: key },
  withBudgets ? `/floor-contract${query}` : "/floor",
  post,
);
const service = await side(
  path.join(here, "../apps/api/dist/server.js"),
  // LOG_LEVEL=info: the access log an operator reads is part of the budget (to /dev/null here).
  { CARTAX_DATA_DIR: dataDir, LOG_LEVEL: "info", ...database.env },
  withBudgets ? `/v1/Calculate${query}` : `/v1/GetTaxMatrix?id=${carId}&subscription-key=${key}`,
  withBudgets ? post : newRegistrationDates,
);
fs.rmSync(dataDir, { recursive: true, force: true });
database.stop();

const us = (n) => n.toFixed(1).padStart(7);
const [floorName, serviceName] = withBudgets
  ? ["contract floor", "POST /v1/Calculate"]
  : ["floor", "GetTaxMatrix computed"];
console.log(
  `cartax overhead budget: ${withBudgets ? "Calculate against the contract floor" : "GetTaxMatrix on a new date each time against the floor"} (wrk 50 connections, ${seconds} s, ${database.name}, load average ${os.loadavg()[0].toFixed(1)})`,
);
for (const [name, s] of [
  [floorName, floor],
  [serviceName, service],
])
  console.log(
    `  ${name.padEnd(20)} ${Math.round(s.run.rps).toLocaleString("en").padStart(6)} req/s  p99 ${s.run.p99.toFixed(2)} ms  CPU ${s.total.toFixed(1)} µs/req (main ${s.main.toFixed(1)}, writer ${s.writer.toFixed(1)}, other threads ${(s.total - s.main - s.writer).toFixed(1)})`,
  );
const routeLabel = withBudgets ? "Calculate" : "GetTaxMatrix";
console.log(
  `  ${routeLabel}: ${(service.run.rps / floor.run.rps).toFixed(2)}× the floor's req/s, p99 ${(service.run.p99 / floor.run.p99).toFixed(2)}× its p99`,
);
console.log(
  `\n  ${"µs per request".padEnd(62)} ${"floor".padStart(7)} ${routeLabel.padStart(12)}   ${"difference".padStart(10)}${withBudgets ? `  ${"budget".padStart(6)}` : ""}`,
);
let over = 0;
let budgeted = 0;
for (const { name, budget } of [...PARTS, HELPERS, OTHER]) {
  const f = floor.parts.get(name) ?? 0;
  const c = service.parts.get(name) ?? 0;
  const difference = c - f;
  budgeted += budget;
  const isOver = withBudgets && difference > budget;
  if (isOver) over++;
  console.log(
    `  ${name.padEnd(62)} ${us(f)} ${us(c).padStart(12)}   ${`${difference >= 0 ? "+" : ""}${difference.toFixed(1)}`.padStart(10)}${withBudgets ? `  ${String(budget).padStart(6)}` : ""}${isOver ? "  over" : ""}`,
  );
}
const totalDifference = service.total - floor.total;
console.log(
  `  ${"total".padEnd(62)} ${us(floor.total)} ${us(service.total).padStart(12)}   ${`${totalDifference >= 0 ? "+" : ""}${totalDifference.toFixed(1)}`.padStart(10)}${withBudgets ? `  ${String(budgeted).padStart(6)}` : ""}`,
);
if (withBudgets)
  console.log(
    `  ${over === 0 ? "every part within its budget" : `${over} part${over === 1 ? "" : "s"} over budget`}${database.name === "SQLite" ? "" : " (the budgets are SQLite's: bench/README.md)"}`,
  );
if (process.env.OVERHEAD_DEBUG)
  for (const [name, n] of [...unowned].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(n, name);
