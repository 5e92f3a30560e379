#!/usr/bin/env node
// Two builds of the service (or one build under two sets of Node options) against each other under
// wrk, alternated round by round so that both see the same machine: the HTTP counterpart of
// compare.mjs. Not part of `pnpm bench`. Each side runs in its own fresh SQLite folder (one
// subscription, one stored car), or with BENCH_DATABASE=postgres in one private PostgreSQL cluster
// (each side its own subscription and car); per round each side gets a warm-up run and a measured
// run of BENCH_SECONDS (default 6) at 50 connections (`--connections`), A then B in odd rounds and B
// then A in even ones. Prints each round and the medians of the per-round ratios B/A (req/s, p50,
// p99, p99.9), with the CPU time per request of the server process (all its threads, from /proc)
// beside. At 50 connections wrk's p99 is mostly the load's own tail (tail.mjs,
// results/2026-12-07-tail.md): compare tails at 10.
//
//   node bench/http-compare.mjs --a <repo root> --b <repo root> [--route calculate|matrix|matrix-dates|car]
//        [--rounds 5] [--connections 50] [--a-args="--max-semi-space-size=64"] [--b-args=...]
//
// A root is a checkout with `apps/api/dist` and the packages built (`pnpm build`). Give the same
// root twice to see the noise of the machine: two copies of one build come out within a few %.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { benchHttpRequest } from "./bench-request.mjs";
import {
  benchDatabase,
  median,
  newRegistrationDates,
  processCpuMs,
  seedDatabase,
  startServer,
  stopServer,
  wrk,
  wrkInstalled,
} from "./service-under-load.mjs";

const { values } = parseArgs({
  options: {
    a: { type: "string" },
    b: { type: "string" },
    route: { type: "string", default: "calculate" },
    rounds: { type: "string", default: "5" },
    connections: { type: "string", default: "50" },
    "a-args": { type: "string", default: "" },
    "b-args": { type: "string", default: "" },
  },
});
const connections = Number(values.connections);
if (
  !values.a ||
  !values.b ||
  !["calculate", "matrix", "matrix-dates", "car"].includes(values.route) ||
  !Number.isInteger(connections) ||
  connections < 1
) {
  if (!Number.isInteger(connections) || connections < 1)
    console.error(`http-compare: --connections takes a whole number from 1, not ${values.connections}`);
  console.error(
    "usage: node bench/http-compare.mjs --a <root> --b <root> [--route calculate|matrix|matrix-dates|car] [--rounds N] [--connections N] [--a-args ...] [--b-args ...]",
  );
  process.exit(2);
}
if (!wrkInstalled()) {
  console.log("HTTP comparison skipped: wrk is not installed (Debian: apt-get install wrk)");
  process.exit(0);
}
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const rounds = Number(values.rounds);
/** A side's own database, made with the storage package of its own build. */
async function prepare(root) {
  const { openStorage } = await import(path.join(path.resolve(root), "packages/storage/dist/index.js"));
  return { root: path.resolve(root), ...(await seedDatabase(openStorage, "http-compare", database.url)) };
}

async function measure(side, args) {
  const server = await startServer(path.join(side.root, "apps/api/dist/server.js"), {
    env: { CARTAX_DATA_DIR: side.dataDir, ...database.env },
    nodeArgs: args.split(" ").filter(Boolean),
  });
  try {
    const key = `subscription-key=${side.key}`;
    const url =
      values.route === "calculate"
        ? `${server.url}/v1/Calculate?${key}`
        : values.route.startsWith("matrix")
          ? `${server.url}/v1/GetTaxMatrix?id=${side.carId}&${key}`
          : `${server.url}/v1/CarDetails/${side.carId}?${key}`;
    const body = values.route === "calculate" ? benchHttpRequest : undefined;
    // matrix-dates: a new registration date each request (the matrix computed, not remembered).
    const dates = values.route === "matrix-dates" ? newRegistrationDates : {};
    wrk(url, { seconds, connections, body, ...dates }); // warm-up: JIT, SQLite's page cache
    const before = processCpuMs(server.child.pid);
    const run = wrk(url, { seconds, connections, body, ...dates });
    const cpu = processCpuMs(server.child.pid) - before;
    return { ...run, cpuUs: (cpu * 1000) / (run.rps * seconds) };
  } finally {
    await stopServer(server);
  }
}

// SQLite: each side its own folder; BENCH_DATABASE=postgres: one private cluster, each side its
// own subscription and car in it (both builds must have the same migrations).
const database = await benchDatabase();
const a = await prepare(values.a);
const b = await prepare(values.b);
const line = (name, r) =>
  `${name} ${Math.round(r.rps).toLocaleString("en").padStart(7)} req/s  p50 ${r.p50.toFixed(2).padStart(6)} ms  p99 ${r.p99.toFixed(2).padStart(6)} ms  p99.9 ${r.p999.toFixed(2).padStart(6)} ms  CPU ${Math.round(r.cpuUs)} µs/req${r.non2xx ? `  (${r.non2xx} non-2xx!)` : ""}`;
console.log(
  `cartax HTTP comparison: ${values.route} on ${database.name}, ${rounds} rounds of ${seconds} s, ${connections} connections, load average ${os.loadavg()[0].toFixed(1)}\nA = ${a.root} ${values["a-args"]}\nB = ${b.root} ${values["b-args"]}\n`,
);
const ratios = { rps: [], p50: [], p99: [], p999: [], cpuUs: [] };
try {
  for (let round = 1; round <= rounds; round++) {
    const order = round % 2 ? ["A", "B"] : ["B", "A"];
    const results = {};
    for (const name of order)
      results[name] = await measure(name === "A" ? a : b, values[name === "A" ? "a-args" : "b-args"]);
    console.log(`round ${round}: ${line("A", results.A)}\n         ${line("B", results.B)}`);
    for (const k of Object.keys(ratios)) ratios[k].push(results.B[k] / results.A[k]);
  }
} finally {
  for (const side of [a, b]) fs.rmSync(side.dataDir, { recursive: true, force: true });
  database.stop();
}
console.log(
  `\nmedian B/A: req/s ${median(ratios.rps).toFixed(3)}×  p50 ${median(ratios.p50).toFixed(3)}×  p99 ${median(ratios.p99).toFixed(3)}×  p99.9 ${median(ratios.p999).toFixed(3)}×  CPU per request ${median(ratios.cpuUs).toFixed(3)}×  (load average ${os.loadavg()[0].toFixed(1)})`,
);
