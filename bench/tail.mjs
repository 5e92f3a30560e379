#!/usr/bin/env node
// The p99 of the computed matrix's target, looked at closely (issue 42): three servers under wrk in
// alternated rounds, at the target's 50 connections and at fewer (default 10), each window's p50,
// p98, p99, p99.9 and longest latency:
//   - a plain node:http server doing a fixed spell of CPU work per request (plain-server.mjs);
//   - the floor (floor-server.mjs's `/floor`, the target's reference);
//   - GET /v1/GetTaxMatrix on a new date each time (the service, SQLite or BENCH_DATABASE=postgres);
// with, for each, the CPU time per request and the longest delay of its own event loop in the
// window (loop-delay.cjs, preloaded into all three). Then the median of each over the rounds and
// the matrix's p99 against the floor's, round by round.
// A diagnostic, not part of `pnpm bench`: about 1.5 minutes with the defaults (and a warm-up of 3 s
// at 50 connections for each server, whatever --seconds).
//
//   node bench/tail.mjs [--rounds 4] [--seconds 3] [--connections 50,10]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openStorage } from "@cartax/storage";
import { benchHttpRequest } from "./bench-request.mjs";
import {
  benchDatabase,
  benchOptions,
  median,
  newRegistrationDates,
  processCpuMs,
  seedDatabase,
  startServer,
  stopServer,
  wholeNumber,
  wrk,
  wrkInstalled,
} from "./service-under-load.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const usage = "usage: node bench/tail.mjs [--rounds N] [--seconds S] [--connections 50,10]";
const options = benchOptions("tail", usage, {
  rounds: { type: "string", default: "4" },
  seconds: { type: "string", default: "3" },
  connections: { type: "string", default: "50,10" },
});
const rounds = wholeNumber(options.rounds);
const seconds = wholeNumber(options.seconds);
const connectionCounts = options.connections.split(",").map(wholeNumber);
if (rounds === undefined || seconds === undefined || connectionCounts.includes(undefined)) {
  console.error(
    `tail: --rounds and --seconds take a whole number from 1, --connections a list of them; ${usage}`,
  );
  process.exit(2);
}
if (!wrkInstalled()) {
  console.log("tail skipped: wrk is not installed (Debian: apt-get install wrk)");
  process.exit(0);
}

/**
 * The longest delay of a server's event loop since the last call (ms), from loop-delay.cjs preloaded
 * into it: a signal, then its answer in the server's file.
 */
async function loopDelay(server) {
  server.loopDelaySignals = (server.loopDelaySignals ?? 0) + 1;
  const asked = server.loopDelaySignals;
  process.kill(server.child.pid, "SIGUSR2");
  for (let waited = 0; waited < 5000; waited += 10) {
    const [signals, ms] = fs.existsSync(server.loopDelayFile)
      ? fs.readFileSync(server.loopDelayFile, "utf8").split(" ").map(Number)
      : [];
    if (signals === asked && Number.isFinite(ms)) return ms;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no loop delay from ${server.url} after 5 s`);
}
const ms = (value) => value.toFixed(1).padStart(6);

const database = await benchDatabase();
const loopDelayFolder = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-tail-"));
/** What was started, stopped in the `finally` below whatever fails on the way. */
const servers = [];
let dataDir;
/** A server started with loop-delay.cjs preloaded and a file of its own for its answers. */
async function started(name, script, env = {}) {
  const loopDelayFile = path.join(loopDelayFolder, name);
  const server = await startServer(script, {
    env: { CARTAX_LOOP_DELAY_FILE: loopDelayFile, ...env },
    nodeArgs: ["-r", path.join(here, "loop-delay.cjs")],
  });
  servers.push(server);
  return Object.assign(server, { loopDelayFile });
}

try {
  const seeded = await seedDatabase(openStorage, "tail", database.url);
  dataDir = seeded.dataDir;
  const { key, carId } = seeded;
  const plain = await started("plain", path.join(here, "plain-server.mjs"));
  const floor = await started("floor", path.join(here, "floor-server.mjs"), { CARTAX_FLOOR_KEY: key });
  const api = await started("api", path.join(here, "../apps/api/dist/server.js"), {
    CARTAX_DATA_DIR: dataDir,
    ...database.env,
  });
  // The floor's and the plain server's requests are static, as the floor's are in the target
  // (http.mjs); the new dates are made by a Lua function for each request. At 50 connections that
  // alone raised the floor's p99 by 1.2–1.4× in alternated rounds (results/2026-12-07-tail.md, §3),
  // so there the route's ratio is biased against it; at 10 connections it made no difference.
  const post = { method: "POST", body: benchHttpRequest };
  const sides = [
    { name: "plain node:http, fixed work", server: plain, url: `${plain.url}/`, options: post },
    { name: "floor", server: floor, url: `${floor.url}/floor`, options: post },
    {
      name: "GetTaxMatrix computed",
      server: api,
      url: `${api.url}/v1/GetTaxMatrix?id=${carId}&subscription-key=${key}`,
      options: newRegistrationDates,
    },
  ];
  console.log(
    `cartax tail: ${rounds} alternated rounds of ${seconds} s per server and connection count (wrk, 2 threads, ${database.name}, node ${process.version}, load average ${fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0]})`,
  );
  // Warm-up: the JIT of each route, the service's read caches.
  for (const side of sides) wrk(side.url, { seconds: 3, connections: 50, ...side.options });
  for (const connections of connectionCounts) {
    const runs = new Map(sides.map((side) => [side, []]));
    console.log(
      `\n${connections} connections          req/s    p50    p98    p99  p99.9    max   CPU µs/req  longest loop delay ms`,
    );
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) {
        await loopDelay(side.server);
        const cpuBefore = processCpuMs(side.server.child.pid);
        const run = wrk(side.url, { seconds, connections, ...side.options });
        if (run.non2xx > 0) throw new Error(`${side.name}: ${run.non2xx} answers were not 2xx`);
        const cpuUs = ((processCpuMs(side.server.child.pid) - cpuBefore) * 1000) / (run.rps * seconds);
        const loopMs = await loopDelay(side.server);
        runs.get(side).push({ ...run, cpuUs, loopMs });
        console.log(
          `  ${round} ${side.name.padEnd(28)} ${Math.round(run.rps).toLocaleString("en").padStart(6)} ${ms(run.p50)} ${ms(run.p98)} ${ms(run.p99)} ${ms(run.p999)} ${ms(run.max)} ${cpuUs.toFixed(0).padStart(6)}` +
            ` ${loopMs.toFixed(1).padStart(6)}`,
        );
      }
    }
    console.log(`  median of the rounds`);
    for (const side of sides) {
      const of = (field) => median(runs.get(side).map((run) => run[field]));
      console.log(
        `    ${side.name.padEnd(28)} ${Math.round(of("rps")).toLocaleString("en").padStart(6)} ${ms(of("p50"))} ${ms(of("p98"))} ${ms(of("p99"))} ${ms(of("p999"))} ${ms(of("max"))} ${of("cpuUs").toFixed(0).padStart(6)} ${of("loopMs").toFixed(1).padStart(6)}`,
      );
    }
    const [, floorSide, matrixSide] = sides;
    const ratios = runs.get(matrixSide).map((run, i) => run.p99 / runs.get(floorSide)[i].p99);
    console.log(
      `  GetTaxMatrix computed p99 / the floor's p99, round by round: ${ratios.map((r) => r.toFixed(2)).join(", ")}; median ${median(ratios).toFixed(2)}×`,
    );
  }
} finally {
  await Promise.all(servers.map((server) => stopServer(server)));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(loopDelayFolder, { recursive: true, force: true });
  database.stop();
}
