#!/usr/bin/env node
// Where a request spends the service's time: a CPU profile of the built service under wrk, summed
// by function (self time, and inclusive time of named functions) and by package, for the main
// thread and for each worker thread. Not part of `pnpm bench`; the method of bench/README.md
// ("Profiling"). Writes the raw .cpuprofile files to PROFILE_DIR (default a temporary folder;
// Chromium's DevTools open them) and prints a summary.
//
//   node bench/profile.mjs [calculate|matrix|car] [--functions calculateAndRecord,withParameterLinks]
//
// Each percentage is of the thread's busy samples (idle left out); with the thread's CPU time per
// request (from /proc, printed first) it turns into µs per request. SQLite, 50 connections: a
// warm-up run and a measured run of BENCH_SECONDS (default 8) each; the profile holds both (and the
// start-up, a few hundred samples).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { openStorage } from "@cartax/storage";
import { benchCar, benchHttpRequest } from "./bench-request.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { functions: { type: "string", default: "" }, top: { type: "string", default: "25" } },
});
const route = positionals[0] ?? "calculate";
if (!["calculate", "matrix", "car"].includes(route)) {
  console.error("usage: node bench/profile.mjs [calculate|matrix|car] [--functions a,b] [--top N]");
  process.exit(2);
}
if (spawnSync("wrk", ["--version"]).error) {
  console.log("profile skipped: wrk is not installed (Debian: apt-get install wrk)");
  process.exit(0);
}
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const profileDir = process.env.PROFILE_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "cartax-profile-"));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-profile-data-"));
const storage = await openStorage({ dataDir, databaseUrl: undefined });
const { primaryKey, subscription } = await storage.subscriptions.create({
  name: "bench",
  environment: "acceptance",
  calculationAccess: true,
});
const stored = await storage.carDetails.create(subscription.ownerId, { ...benchCar, isActive: true });
await storage.close();

/** CPU time (ms) of each thread of a process so far, the main thread as "main". */
function threadCpuMs(pid) {
  const out = {};
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    out[tid === String(pid) ? "main" : `thread ${tid}`] = (Number(fields[11]) + Number(fields[12])) * 10;
  }
  return out;
}

function wrk(url, body) {
  const script = path.join(os.tmpdir(), `cartax-profile-${process.pid}.lua`);
  fs.writeFileSync(
    script,
    (body
      ? `wrk.method = "POST"\nwrk.body = [[${JSON.stringify(body)}]]\nwrk.headers["Content-Type"] = "application/json"\n`
      : "") +
      `done = function(summary, latency, requests)\n` +
      `  io.write(string.format("RESULT %f %f %f\\n", summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000))\n` +
      `end\n`,
  );
  const run = spawnSync("wrk", ["-t2", "-c50", `-d${seconds}s`, "-s", script, url], { encoding: "utf8" });
  fs.rmSync(script, { force: true });
  const match = /RESULT ([\d.]+) ([\d.]+) ([\d.]+)/.exec(run.stdout);
  if (!match) throw new Error(`wrk failed: ${run.stdout}${run.stderr}`);
  return { rps: Number(match[1]), p50: Number(match[2]), p99: Number(match[3]) };
}

const child = spawn(
  process.execPath,
  ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, path.join(here, "../apps/api/dist/server.js")],
  {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", CARTAX_DATA_DIR: dataDir },
    stdio: ["ignore", "ignore", "pipe"],
  },
);
const url = await new Promise((resolve, reject) => {
  let err = "";
  child.stderr.on("data", (chunk) => {
    err += chunk;
    const match = /listening on (http:\/\/\S+)/.exec(err);
    if (match) resolve(match[1]);
  });
  child.once("exit", (code) => reject(new Error(`the service exited with ${code}: ${err}`)));
});
const key = `subscription-key=${primaryKey}`;
const target =
  route === "calculate"
    ? `${url}/v1/Calculate?${key}`
    : route === "matrix"
      ? `${url}/v1/GetTaxMatrix?id=${stored.id}&${key}`
      : `${url}/v1/CarDetails/${stored.id}?${key}`;
const body = route === "calculate" ? benchHttpRequest : undefined;
wrk(target, body);
const before = threadCpuMs(child.pid);
const run = wrk(target, body);
const after = threadCpuMs(child.pid);
const requests = run.rps * seconds;
child.removeAllListeners("exit");
child.kill("SIGINT"); // --cpu-prof writes its files on a clean exit
await new Promise((resolve) => child.once("exit", resolve));
fs.rmSync(dataDir, { recursive: true, force: true });

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
  const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), "utf8"));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const hits = new Map();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  let busy = 0;
  const self = new Map();
  const byScript = new Map();
  const inclusive = new Map();
  for (const [id, count] of hits) {
    const frame = nodes.get(id).callFrame;
    if (frame.functionName === "(idle)") continue;
    busy += count;
    const name = `${frame.functionName || "(anonymous)"} ${scriptOf(frame.url)}:${frame.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + count);
    const script = scriptOf(frame.url) || frame.functionName;
    byScript.set(script, (byScript.get(script) ?? 0) + count);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const fn = nodes.get(at).callFrame.functionName;
      if (!wanted.includes(fn) || seen.has(fn)) continue;
      seen.add(fn);
      inclusive.set(fn, (inclusive.get(fn) ?? 0) + count);
    }
  }
  if (busy < 50) continue; // an idle worker thread
  const pct = (count) => `${((100 * count) / busy).toFixed(1).padStart(5)} %`;
  console.log(`\n${file}: ${busy} busy samples of ${profile.samples.length}`);
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
