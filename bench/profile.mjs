#!/usr/bin/env node
// Where a request spends the service's time: a CPU profile of the built service under wrk, summed
// by function (self time, and inclusive time of named functions) and by package, for the main
// thread and for each worker thread. Not part of `pnpm bench`; the method of bench/README.md
// ("Profiling"). Writes the raw .cpuprofile files to PROFILE_DIR (default a temporary folder;
// Chromium's DevTools open them) and prints a summary.
//
//   node bench/profile.mjs [calculate|matrix|matrix-dates|car] [--functions calculateAndRecord,withParameterLinks]
//
// `matrix` asks for the same car and date (answered from memory after the first), `matrix-dates`
// for a new registration date each time (computed).
//
// Each percentage is of the thread's busy samples (idle left out); with the thread's CPU time per
// request (from /proc, printed first) it turns into µs per request. SQLite, 50 connections: a
// warm-up run and a measured run of BENCH_SECONDS (default 8) each; the profile holds both (and the
// start-up, a few hundred samples).
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
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { functions: { type: "string", default: "" }, top: { type: "string", default: "25" } },
});
const route = positionals[0] ?? "calculate";
if (!["calculate", "matrix", "matrix-dates", "car"].includes(route)) {
  console.error(
    "usage: node bench/profile.mjs [calculate|matrix|matrix-dates|car] [--functions a,b] [--top N]",
  );
  process.exit(2);
}
if (!wrkInstalled()) {
  console.log("profile skipped: wrk is not installed (Debian: apt-get install wrk)");
  process.exit(0);
}
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const profileDir = process.env.PROFILE_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "cartax-profile-"));

const database = await benchDatabase();
const { dataDir, key: primaryKey, carId } = await seedDatabase(openStorage, "profile", database.url);
const server = await startServer(path.join(here, "../apps/api/dist/server.js"), {
  env: { CARTAX_DATA_DIR: dataDir, ...database.env },
  nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`],
});
const key = `subscription-key=${primaryKey}`;
const target =
  route === "calculate"
    ? `${server.url}/v1/Calculate?${key}`
    : route.startsWith("matrix")
      ? `${server.url}/v1/GetTaxMatrix?id=${carId}&${key}`
      : `${server.url}/v1/CarDetails/${carId}?${key}`;
const body = route === "calculate" ? benchHttpRequest : undefined;
const dates = route === "matrix-dates" ? newRegistrationDates : {};
wrk(target, { seconds, body, ...dates });
const before = threadCpuMs(server.child.pid);
const run = wrk(target, { seconds, body, ...dates });
const after = threadCpuMs(server.child.pid);
const requests = run.rps * seconds;
await stopServer(server, "SIGINT"); // --cpu-prof writes its files on a clean exit
fs.rmSync(dataDir, { recursive: true, force: true });
database.stop();

console.log(
  `cartax profile: ${route}, wrk 50 connections ${seconds} s: ${Math.round(run.rps).toLocaleString("en")} req/s, p50 ${run.p50.toFixed(2)} ms, p99 ${run.p99.toFixed(2)} ms (load average ${os.loadavg()[0].toFixed(1)})`,
);
console.log("CPU time per request by thread (µs):");
for (const [thread, ms] of Object.entries(after)) {
  const us = ((ms - (before[thread] ?? 0)) * 1000) / requests;
  if (us >= 0.5) console.log(`  ${thread.padEnd(14)} ${us.toFixed(1)}`);
}

/** A short name for a profile node's script: the package (name@version) or the repository path. */
const scriptOf = (url) =>
  url
    .replace(/.*node_modules\/\.pnpm\/([^/]+)\/.*/, "$1")
    .replace(/^file:\/\//, "")
    .replace(`${path.resolve(here, "..")}/`, "");

const wanted = values.functions.split(",").filter(Boolean);
const top = Number(values.top);
for (const file of fs
  .readdirSync(profileDir)
  .filter((f) => f.endsWith(".cpuprofile"))
  .sort()) {
  const samples = busySamples(path.join(profileDir, file));
  let busy = 0;
  const self = new Map();
  const byScript = new Map();
  const inclusive = new Map();
  for (const { count, stack } of samples.busy) {
    const frame = stack[0];
    busy += count;
    const name = `${frame.functionName || "(anonymous)"} ${scriptOf(frame.url)}:${frame.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + count);
    const script = scriptOf(frame.url) || frame.functionName;
    byScript.set(script, (byScript.get(script) ?? 0) + count);
    const seen = new Set();
    for (const { functionName: fn } of stack) {
      if (!wanted.includes(fn) || seen.has(fn)) continue;
      seen.add(fn);
      inclusive.set(fn, (inclusive.get(fn) ?? 0) + count);
    }
  }
  if (busy < 50) continue; // an idle worker thread
  const pct = (count) => `${((100 * count) / busy).toFixed(1).padStart(5)} %`;
  console.log(`\n${file}: ${busy} busy samples of ${samples.total}`);
  console.log("  self time, by function:");
  for (const [name, count] of [...self].sort((x, y) => y[1] - x[1]).slice(0, top))
    console.log(`  ${pct(count)}  ${name}`);
  console.log("  self time, by package or file:");
  for (const [name, count] of [...byScript].sort((x, y) => y[1] - x[1]).slice(0, 12))
    console.log(`  ${pct(count)}  ${name}`);
  if (wanted.length) {
    console.log("  inclusive time (the function and what it calls):");
    for (const fn of wanted) console.log(`  ${pct(inclusive.get(fn) ?? 0)}  ${fn}`);
  }
}
console.log(`\nprofiles in ${profileDir}`);
