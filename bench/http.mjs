#!/usr/bin/env node
// `pnpm bench` (HTTP part): the built service under wrk on loopback, each endpoint as a ratio of the
// requests/s of a bare Hono JSON route measured in the same run, with wrk's p99 latency and the
// serving process's CPU time per request; Calculate against the durable floor and the contract floor
// (floor-server.mjs); the computed matrix's p99 against the floor's, and (reports) against the floor
// measured with each request made by a Lua function in wrk, as the matrix's new dates are, and the
// two at 10 connections in alternated rounds.
// SQLite (the embedded default) in a fresh folder; 50 connections, 2 wrk threads.
// BENCH_DATABASE=postgres: the service on a private PostgreSQL cluster started for the run (Debian's
// server binaries, as the tests use; fsync on), its ratios still against the floors above (the
// durable and contract floors write to SQLite: the machine's floor, whatever the service's database);
// the CPU column counts the service's process only, not PostgreSQL's.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openStorage } from "@cartax/storage";
import { benchHttpRequest } from "./bench-request.mjs";
import {
  benchDatabase,
  median,
  newRegistrationDates,
  postgresDatabase,
  processCpuMs,
  requestsMadeByLua,
  seedDatabase,
  startServer,
  stopServer,
  wrk as wrkFor,
  wrkInstalled,
} from "./service-under-load.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = 50;
/** The computed matrix's report at 10 connections: alternated rounds of a few seconds each. */
const CALM_ROUNDS = 4;
const CALM_SECONDS = 3;

if (!wrkInstalled()) {
  console.log("HTTP benchmark skipped: wrk is not installed (Debian: apt-get install wrk)");
  process.exit(0);
}

/** wrk at this benchmark's connections and duration. */
const wrk = (url, options = {}) => wrkFor(url, { seconds, connections, ...options });

const calculation = benchHttpRequest;
const database = await benchDatabase();
const { dataDir, key: primaryKey, carId } = await seedDatabase(openStorage, "bench", database.url);

const bare = await startServer(path.join(here, "bare-server.mjs"));
// The contract floor checks the same key as the service (its SHA-256 in the floor's own table).
const floor = await startServer(path.join(here, "floor-server.mjs"), {
  env: { CARTAX_FLOOR_KEY: primaryKey },
});
const apiScript = path.join(here, "../apps/api/dist/server.js");
const api = await startServer(apiScript, {
  env: { CARTAX_DATA_DIR: dataDir, ...database.env },
});
const key = `subscription-key=${primaryKey}`;
try {
  // Warm-up of both servers (JIT, SQLite page cache).
  wrk(`${bare.url}/bare`, { method: "POST", body: calculation });
  const rows = [];
  /** A warmed-up run of `url`, with the CPU time per request of the process that served it. */
  const measured = (name, server, url, options = {}) => {
    wrk(url, options);
    const cpuBefore = processCpuMs(server.child.pid);
    const run = wrk(url, options);
    const cpuMs = processCpuMs(server.child.pid) - cpuBefore;
    const result = { ...run, cpuMsPerRequest: cpuMs / (run.rps * seconds) };
    rows.push([name, result]);
    return result;
  };
  const baseline = measured("bare Hono JSON route (POST, same body)", bare, `${bare.url}/bare`, {
    method: "POST",
    body: calculation,
  });
  const floorRun = measured(
    "floor: engine + lean lines behind the same adapter",
    floor,
    `${floor.url}/floor`,
    {
      method: "POST",
      body: calculation,
    },
  );
  // The same floor with each request made by a Lua function, as the new-date rows' are: the load
  // generator's own work per request is then alike on both sides of the matrix's p99 comparison.
  const floorLuaRun = measured(
    "floor, each request made by Lua (as the new dates)",
    floor,
    `${floor.url}/floor`,
    { method: "POST", body: calculation, ...requestsMadeByLua },
  );
  const durableRun = measured(
    "durable floor: the floor + its record (SQLite FULL)",
    floor,
    `${floor.url}/floor-durable`,
    { method: "POST", body: calculation },
  );
  const contractRun = measured(
    "contract floor: + key check, record compressed",
    floor,
    `${floor.url}/floor-contract?${key}`,
    { method: "POST", body: calculation },
  );
  const calc = measured("POST /v1/Calculate (lean, audit saved)", api, `${api.url}/v1/Calculate?${key}`, {
    method: "POST",
    body: calculation,
  });
  const calcGzip = measured(
    "POST /v1/Calculate, Accept-Encoding: gzip",
    api,
    `${api.url}/v1/Calculate?${key}`,
    { method: "POST", body: calculation, lua: 'wrk.headers["Accept-Encoding"] = "gzip"\n' },
  );
  const calcBr = measured("POST /v1/Calculate, Accept-Encoding: br", api, `${api.url}/v1/Calculate?${key}`, {
    method: "POST",
    body: calculation,
    lua: 'wrk.headers["Accept-Encoding"] = "br"\n',
  });
  const calcLinked = measured(
    "POST /v1/Calculate?include=parameters",
    api,
    `${api.url}/v1/Calculate?include=parameters&${key}`,
    { method: "POST", body: calculation },
  );
  measured("GET /v1/GetTaxMatrix", api, `${api.url}/v1/GetTaxMatrix?id=${carId}&${key}`);
  // The same car on a registration date drawn from the 365 days of 2025 each time: the matrix
  // computed nearly every time (the service remembers a car's answers for 16 dates).
  const matrixComputed = measured(
    "GET /v1/GetTaxMatrix, a new date each time",
    api,
    `${api.url}/v1/GetTaxMatrix?id=${carId}&${key}`,
    newRegistrationDates,
  );
  measured("GET /v1/CarDetails/{id}", api, `${api.url}/v1/CarDetails/${carId}?${key}`);
  // The computed matrix against the floor at 10 connections, where the load adds no tail of its
  // own: at 50 one run's p99 is mostly that tail, and a build's p99 against its own spans 0.43-1.53×
  // from one round to the next (bench/results/2026-12-08-promotion.md, section 6). Alternated rounds,
  // both sides' requests made by Lua; a report beside the target's verdict, which is read at 50.
  const calm = { seconds: CALM_SECONDS, connections: 10 };
  const calmRounds = [];
  for (let round = 0; round < CALM_ROUNDS; round++) {
    const floorSide = () =>
      wrk(`${floor.url}/floor`, { ...calm, method: "POST", body: calculation, ...requestsMadeByLua });
    const matrixSide = () =>
      wrk(`${api.url}/v1/GetTaxMatrix?id=${carId}&${key}`, { ...calm, ...newRegistrationDates });
    let floorCalm;
    let matrixCalm;
    if (round % 2 === 0) {
      floorCalm = floorSide();
      matrixCalm = matrixSide();
    } else {
      matrixCalm = matrixSide();
      floorCalm = floorSide();
    }
    if (floorCalm.non2xx + matrixCalm.non2xx > 0)
      throw new Error(`10 connections: ${floorCalm.non2xx + matrixCalm.non2xx} answers were not 2xx`);
    calmRounds.push({ floor: floorCalm.p99, matrix: matrixCalm.p99 });
  }
  // On SQLite, Calculate also on a throwaway PostgreSQL (the path of more than one machine), against
  // the same contract floor: the floor is the machine's, whatever the service's database.
  const calcPostgres = database.url === undefined ? await calculateOnPostgres(measured) : undefined;
  console.log(
    `\ncartax HTTP benchmark (wrk, ${connections} connections, ${seconds} s each, ${database.name}, node ${process.version})\n`,
  );
  for (const [name, r] of rows) {
    console.log(
      `${name.padEnd(52)} ${Math.round(r.rps).toLocaleString("en").padStart(8)} req/s  ${(r.rps / baseline.rps).toFixed(2)}× bare  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  CPU ${(r.cpuMsPerRequest * 1000).toFixed(0)} µs/req${r.non2xx ? `  (${r.non2xx} non-2xx!)` : ""}`,
    );
  }
  const verdict = (met) => (met ? "met" : "NOT met");
  const ratio = (a, b) => (a / b).toFixed(2);
  console.log(
    `\ndurable floor = ${ratio(durableRun.rps, floorRun.rps)}× the floor, p99 ${durableRun.p99.toFixed(1)} ms: no audited Calculate on this engine and adapter can do better on this machine.`,
  );
  console.log(
    `contract floor = ${ratio(contractRun.rps, durableRun.rps)}× the durable floor, p99 ${contractRun.p99.toFixed(1)} ms: the durable floor + the key check + the record compressed, on one thread.`,
  );
  console.log("targets (issue 29):");
  console.log(
    `  Calculate ≥ 0.8× the durable floor, p99 ≤ 1.25× its p99: ${ratio(calc.rps, durableRun.rps)}×, p99 ${ratio(calc.p99, durableRun.p99)}× (${verdict(calc.rps / durableRun.rps >= 0.8 && calc.p99 <= 1.25 * durableRun.p99)})`,
  );
  console.log(
    `  include=parameters ≥ 0.5× the durable floor: ${ratio(calcLinked.rps, durableRun.rps)}× (${verdict(calcLinked.rps / durableRun.rps >= 0.5)})`,
  );
  console.log(
    `  compression (report): gzip ${ratio(calcGzip.rps, calc.rps)}× the req/s and ${ratio(calcGzip.cpuMsPerRequest, calc.cpuMsPerRequest)}× the CPU per request of no compression; br ${ratio(calcBr.rps, calc.rps)}× and ${ratio(calcBr.cpuMsPerRequest, calc.cpuMsPerRequest)}×`,
  );
  console.log(
    `  GetTaxMatrix computed each time, p99 ≤ the floor's p99: ${matrixComputed.p99.toFixed(1)} against ${floorRun.p99.toFixed(1)} ms (${verdict(matrixComputed.p99 <= floorRun.p99)})`,
  );
  console.log(
    `    (report) against the floor with its requests made by Lua as the matrix's are: ${floorLuaRun.p99.toFixed(1)} ms (${verdict(matrixComputed.p99 <= floorLuaRun.p99)}); that floor's p99 is ${ratio(floorLuaRun.p99, floorRun.p99)}× the static floor's`,
  );
  console.log(
    `    (report) at 10 connections, where the load adds no tail (${CALM_ROUNDS} alternated rounds of ${CALM_SECONDS} s, both made by Lua): p99 ${median(calmRounds.map((r) => r.matrix)).toFixed(2)} against the floor's ${median(calmRounds.map((r) => r.floor)).toFixed(2)} ms (medians); round by round ${calmRounds.map((r) => ratio(r.matrix, r.floor)).join(", ")}; median ${median(calmRounds.map((r) => r.matrix / r.floor)).toFixed(2)}×`,
  );
  console.log("issue 42 (report): Calculate against the contract floor");
  for (const [name, run] of [
    [database.name, calc],
    ["PostgreSQL", calcPostgres],
  ]) {
    if (run)
      console.log(
        `  on ${name}: ${ratio(run.rps, contractRun.rps)}× its req/s, p99 ${ratio(run.p99, contractRun.p99)}× its p99`,
      );
  }
} finally {
  bare.child.kill();
  floor.child.kill();
  api.child.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
  database.stop();
}

/**
 * POST /v1/Calculate (lean) on the built service over a private PostgreSQL cluster started for the
 * row, or undefined with a line when this machine has no PostgreSQL server binaries.
 */
async function calculateOnPostgres(measured) {
  const postgres = await postgresDatabase();
  if (!postgres) {
    console.log(
      "Calculate on PostgreSQL skipped: no PostgreSQL server binaries (Debian: apt-get install postgresql)",
    );
    return undefined;
  }
  const seeded = await seedDatabase(openStorage, "bench-pg", postgres.url);
  const service = await startServer(apiScript, { env: { CARTAX_DATA_DIR: seeded.dataDir, ...postgres.env } });
  try {
    return measured(
      "POST /v1/Calculate on PostgreSQL (lean)",
      service,
      `${service.url}/v1/Calculate?subscription-key=${seeded.key}`,
      { method: "POST", body: calculation },
    );
  } finally {
    await stopServer(service);
    fs.rmSync(seeded.dataDir, { recursive: true, force: true });
    postgres.stop();
  }
}
