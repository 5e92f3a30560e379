#!/usr/bin/env node
import { spawn, spawnSync } from "node:child_process";
// Where the floor's CPU time goes under load (issue 20 part 1). The floor server, started with
// CARTAX_FLOOR_PHASES=1, serves routes that each add one phase of the floor's work to the one before
// (read the body through a Web Request and answer a small JSON as the bare route does, read it from
// Node's stream as the floor does, answer the floor's 4 KB instead, + calculate, + lines,
// + serialise = the floor), and reports its process's CPU time and garbage-collection time. wrk
// loads each route in turn (50 connections, one thread, BENCH_SECONDS each, 1 by default, in
// BENCH_ROUNDS rounds, 3 by default; the whole run stays under 30 s) and the median CPU time per
// request of each route, minus the one before, is what the phase costs under load. The same work
// is then timed in this process on an idle core.
//   node bench/floor-phases.mjs            (CARTAX_FLOOR_PROFILE=dir: also a CPU profile of the floor)
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { calculate, toCalculationLine } from "@cartax/engine";
import { benchHttpRequest } from "./bench-request.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 1);

if (spawnSync("wrk", ["--version"]).error) {
  console.log("floor phases skipped: wrk is not installed (Debian: apt-get install wrk)");
  process.exit(0);
}

const body = benchHttpRequest;

const profileDir = process.env.CARTAX_FLOOR_PROFILE;
const child = spawn(
  process.execPath,
  [
    ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
    path.join(here, "floor-server.mjs"),
  ],
  { env: { ...process.env, CARTAX_FLOOR_PHASES: "1" }, stdio: ["ignore", "ignore", "pipe"] },
);
const url = await new Promise((resolve, reject) => {
  let err = "";
  child.stderr.on("data", (chunk) => {
    err += chunk;
    const match = /listening on (http:\/\/[^\s]+)/.exec(err);
    if (match) resolve(match[1]);
  });
  child.once("exit", (code) => reject(new Error(`floor-server.mjs exited with ${code}: ${err}`)));
});

const script = path.join(os.tmpdir(), `cartax-floor-phases-${process.pid}.lua`);
fs.writeFileSync(
  script,
  `wrk.method = "POST"\nwrk.body = [[${JSON.stringify(body)}]]\nwrk.headers["Content-Type"] = "application/json"\n` +
    `done = function(summary, latency, requests)\n` +
    `  io.write(string.format("RESULT %f %f %d\\n", summary.requests / (summary.duration / 1e6), latency:percentile(99) / 1000, summary.errors.status))\n` +
    `end\n`,
);
const wrk = (route, duration) => {
  const run = spawnSync("wrk", ["-t1", "-c50", `-d${duration}s`, "-s", script, `${url}${route}`], {
    encoding: "utf8",
  });
  const match = /RESULT ([\d.]+) ([\d.]+) (\d+)/.exec(run.stdout);
  if (!match) throw new Error(`wrk failed: ${run.stdout}${run.stderr}`);
  if (Number(match[3]) > 0) throw new Error(`${route}: ${match[3]} answers were not 2xx`);
  return { rps: Number(match[1]), p99: Number(match[2]) };
};
const stats = async () => (await fetch(`${url}/stats`)).json();
const post = (route, text) =>
  fetch(`${url}${route}`, { method: "POST", body: text, headers: { "Content-Type": "application/json" } });

const routes = [
  ["/phase/body", "read the body (Web Request), small JSON answer (= bare)"],
  ["/phase/node-body", "read the body from Node's stream, small JSON answer"],
  ["/phase/answer", "read the body, send the floor's 4 KB answer"],
  ["/phase/calculate", "+ calculate (all six)"],
  ["/phase/lines", "+ localised lines"],
  ["/floor", "+ serialise with a random id = the floor"],
  ["/phase/floor-web-body", "the floor with the body read through a Web Request"],
];
// Rounds of one second per route, alternating routes, so that a slow spell of the machine spreads
// over all of them; each route's figure is its median over the rounds.
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const samples = new Map(routes.map(([route]) => [route, []]));
try {
  await post("/phase/prepare", await (await post("/floor", JSON.stringify(body))).text());
  for (const route of ["/phase/body", "/floor"]) wrk(route, 1); // warm-up (JIT)
  for (let round = 0; round < rounds; round++) {
    for (const [route] of routes) {
      const before = await stats();
      const load = wrk(route, seconds);
      const after = await stats();
      const requests = after.requests - before.requests - 1; // the /stats request itself
      samples.get(route).push({
        ...load,
        user: (after.userMicros - before.userMicros) / requests,
        system: (after.systemMicros - before.systemMicros) / requests,
        gc: ((after.gcMs - before.gcMs) * 1000) / requests,
      });
    }
  }
} finally {
  child.kill("SIGINT");
  fs.rmSync(script, { force: true });
}
const median = (values) => values.sort((x, y) => x - y)[values.length >> 1];
const rows = routes.map(([route, name]) => {
  const runs = samples.get(route);
  return {
    route,
    name,
    rps: median(runs.map((r) => r.rps)),
    p99: median(runs.map((r) => r.p99)),
    user: median(runs.map((r) => r.user)),
    system: median(runs.map((r) => r.system)),
    gc: median(runs.map((r) => r.gc)),
  };
});

// The floor's own work on this (idle) core: the median of 15 batches after half a second.
const text = JSON.stringify(body);
const input = (b) => ({
  car: b.carDetail,
  profile: {
    status: b.userProfile.status,
    registrationOn: b.userProfile.registrationOn,
    region: b.userProfile.regionRegistration,
    hasFuelCard: b.userProfile.hasFuelCard,
  },
  options: b.options,
});
const idle = (fn) => {
  const until = performance.now() + 500;
  while (performance.now() < until) for (let i = 0; i < 100; i++) fn();
  const samples = [];
  for (let b = 0; b < 15; b++) {
    const start = performance.now();
    for (let i = 0; i < 1000; i++) fn();
    samples.push(performance.now() - start);
  }
  return samples.sort((x, y) => x - y)[7];
};
const parseOnly = idle(() => JSON.parse(text));
const calcOnly = idle(() => calculate(input(JSON.parse(text))));
const withLines = idle(() =>
  calculate(input(JSON.parse(text))).results.map((r) => toCalculationLine(r, "en")),
);
const whole = idle(() =>
  JSON.stringify({
    calculationId: randomUUID(),
    lines: calculate(input(JSON.parse(text))).results.map((r) => toCalculationLine(r, "en")),
  }),
);

const load = os.loadavg().map((x) => x.toFixed(2));
console.log(
  `cartax floor phases (wrk -t1 -c50, ${rounds} rounds of ${seconds} s per route, medians, node ${process.version}, load average ${load.join(" ")})\n`,
);
console.log(`${"route".padEnd(58)} req/s   p99 ms  user µs  Δ user  kernel µs  GC µs (per request)`);
let previous;
for (const r of rows) {
  const side = r.route === "/phase/floor-web-body";
  const delta = previous === undefined || side ? "" : (r.user - previous).toFixed(1);
  console.log(
    `${r.name.padEnd(58)} ${Math.round(r.rps).toString().padStart(6)} ${r.p99.toFixed(2).padStart(8)} ${r.user.toFixed(1).padStart(8)} ${delta.padStart(7)} ${r.system.toFixed(1).padStart(10)} ${r.gc.toFixed(1).padStart(6)}`,
  );
  if (!side) previous = r.user;
}
console.log(
  `\nthe same work on one idle core (µs): parse ${parseOnly.toFixed(1)}, + calculate ${calcOnly.toFixed(1)}, + lines ${withLines.toFixed(1)}, + serialise ${whole.toFixed(1)}`,
);
