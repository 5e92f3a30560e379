#!/usr/bin/env node
// `pnpm bench` (HTTP part): the built service under wrk on loopback, each endpoint as a ratio of the
// requests/s of a bare Hono JSON route measured in the same run, with wrk's p99 latency.
// SQLite (the embedded default) in a fresh folder; 50 connections, 2 wrk threads.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openStorage } from "@cartax/storage";
import { benchHttpRequest } from "./bench-request.mjs";
import {
  newRegistrationDates,
  seedDatabase,
  startServer,
  wrk as wrkFor,
  wrkInstalled,
} from "./service-under-load.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = 50;

if (!wrkInstalled()) {
  console.log("HTTP benchmark skipped: wrk is not installed (Debian: apt-get install wrk)");
  process.exit(0);
}

/** wrk at this benchmark's connections and duration. */
const wrk = (url, options = {}) => wrkFor(url, { seconds, connections, ...options });

const calculation = benchHttpRequest;
const { dataDir, key: primaryKey, carId } = await seedDatabase(openStorage);

const bare = await startServer(path.join(here, "bare-server.mjs"));
const floor = await startServer(path.join(here, "floor-server.mjs"));
const api = await startServer(path.join(here, "../apps/api/dist/server.js"), {
  env: { CARTAX_DATA_DIR: dataDir },
});
const key = `subscription-key=${primaryKey}`;
try {
  // Warm-up of both servers (JIT, SQLite page cache).
  wrk(`${bare.url}/bare`, { method: "POST", body: calculation });
  const rows = [];
  const baseline = wrk(`${bare.url}/bare`, { method: "POST", body: calculation });
  rows.push(["bare Hono JSON route (POST, same body)", baseline]);
  wrk(`${floor.url}/floor`, { method: "POST", body: calculation });
  const floorRun = wrk(`${floor.url}/floor`, { method: "POST", body: calculation });
  rows.push(["floor: engine + lines behind the same adapter", floorRun]);
  wrk(`${floor.url}/floor-linked`, { method: "POST", body: calculation });
  const linkedRun = wrk(`${floor.url}/floor-linked`, { method: "POST", body: calculation });
  rows.push(["floor with Calculate's answer (parameters linked)", linkedRun]);
  wrk(`${api.url}/v1/Calculate?${key}`, { method: "POST", body: calculation });
  rows.push([
    "POST /v1/Calculate (inline, all six, audit saved)",
    wrk(`${api.url}/v1/Calculate?${key}`, { method: "POST", body: calculation }),
  ]);
  // Each endpoint warmed up like the others (until 28 November 2026 these two were measured cold:
  // the matrix's first second ran unoptimised code and compiled, which was most of its p99).
  wrk(`${api.url}/v1/GetTaxMatrix?id=${carId}&${key}`);
  rows.push(["GET /v1/GetTaxMatrix", wrk(`${api.url}/v1/GetTaxMatrix?id=${carId}&${key}`)]);
  // The same car on a registration date drawn from the 365 days of 2025 each time: the matrix
  // computed nearly every time (the service remembers a car's answers for 16 dates).
  wrk(`${api.url}/v1/GetTaxMatrix?id=${carId}&${key}`, newRegistrationDates);
  rows.push([
    "GET /v1/GetTaxMatrix, a new date each time",
    wrk(`${api.url}/v1/GetTaxMatrix?id=${carId}&${key}`, newRegistrationDates),
  ]);
  wrk(`${api.url}/v1/CarDetails/${carId}?${key}`);
  rows.push(["GET /v1/CarDetails/{id}", wrk(`${api.url}/v1/CarDetails/${carId}?${key}`)]);
  console.log(
    `\ncartax HTTP benchmark (wrk, ${connections} connections, ${seconds} s each, SQLite, node ${process.version})\n`,
  );
  for (const [name, r] of rows) {
    console.log(
      `${name.padEnd(52)} ${Math.round(r.rps).toLocaleString("en").padStart(8)} req/s  ${(r.rps / baseline.rps).toFixed(2)}× bare  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms${r.non2xx ? `  (${r.non2xx} non-2xx!)` : ""}`,
    );
  }
  const calc = rows[3][1];
  const matrix = rows[4][1];
  const matrixComputed = rows[5][1];
  const verdict = (met) => (met ? "met" : "NOT met");
  console.log(
    `\nfloor = ${(floorRun.rps / baseline.rps).toFixed(2)}× bare, ${(linkedRun.rps / baseline.rps).toFixed(2)}× with Calculate's answer: no Calculate on this engine and adapter can do better on this machine.`,
  );
  console.log("targets (issue 20):");
  console.log(
    `  floor ≥ 0.5× bare: ${(floorRun.rps / baseline.rps).toFixed(2)}× (${verdict(floorRun.rps / baseline.rps >= 0.5)})`,
  );
  console.log(
    `  Calculate ≥ 0.8× the floor, p99 < 10 ms: ${(calc.rps / floorRun.rps).toFixed(2)}× the floor, ${(calc.rps / linkedRun.rps).toFixed(2)}× the floor with its answer, p99 ${calc.p99.toFixed(1)} ms (${verdict(calc.rps / floorRun.rps >= 0.8 && calc.p99 < 10)})`,
  );
  console.log(
    `  GetTaxMatrix p99 < 10 ms: ${matrix.p99.toFixed(1)} ms (${verdict(matrix.p99 < 10)}); ${matrixComputed.p99.toFixed(1)} ms computed each time (${verdict(matrixComputed.p99 < 10)})`,
  );
} finally {
  bare.child.kill();
  floor.child.kill();
  api.child.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
