#!/usr/bin/env node
// Compares two builds of the engine on this machine, whose speed varies from run to run:
//   node bench/compare.mjs path/to/a/index.js path/to/b/index.js
//   CARTAX_COMPARE_LINES=1 node bench/compare.mjs …   (both: the lines path, below)
//   CARTAX_COMPARE_A=calculate CARTAX_COMPARE_B=lines node bench/compare.mjs a.js b.js
//   CARTAX_COMPARE_A=matrix CARTAX_COMPARE_B=matrix node bench/compare.mjs a.js b.js
// What each side runs: `calculate` (all six calculators; the default) or `lines` (the lines path of
// the HTTP Calculate: calculate, then toCalculationLines in nl) or `matrix` (the tax matrix of the
// car for a new registration date each call, as GetTaxMatrix computes it). A and B may be the same build:
// `A=calculate B=lines` on one build is issue 20's "lines path ≤ 1.2× calculate alone".
// In one process, batches of the benchmark's calculate alternate between A and B, and the median
// of the per-pair ratios B/A is taken; the process runs once in each load order (the first module
// loaded can be favoured by a few per cent) and the two are combined. Two copies of the same build
// come out at 0.99 to 1.00.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { benchEngineRequest } from "./bench-request.mjs";

const [first, second, order] = process.argv.slice(2);
if (!first || !second) {
  console.error("usage: node bench/compare.mjs <engine A index.js> <engine B index.js>");
  process.exit(2);
}

if (order === undefined) {
  // The parent: one child per load order.
  const self = fileURLToPath(import.meta.url);
  const ratio = (a, b, flag) => {
    const child = spawnSync(process.execPath, [self, a, b, flag], { encoding: "utf8" });
    if (child.status !== 0) throw new Error(child.stderr);
    return Number(child.stdout.trim());
  };
  const aFirst = ratio(first, second, "a-first");
  const bFirst = 1 / ratio(second, first, "b-first");
  const combined = Math.sqrt(aFirst * bFirst);
  console.log(
    `B/A ${combined.toFixed(3)} (A loaded first ${aFirst.toFixed(3)}, B loaded first ${bFirst.toFixed(3)})`,
  );
} else {
  const both = process.env.CARTAX_COMPARE_LINES === "1" ? "lines" : "calculate";
  // In the child, `first` is A unless the parent swapped the load order (then it is B).
  const [modeFirst, modeSecond] =
    order === "a-first"
      ? [process.env.CARTAX_COMPARE_A ?? both, process.env.CARTAX_COMPARE_B ?? both]
      : [process.env.CARTAX_COMPARE_B ?? both, process.env.CARTAX_COMPARE_A ?? both];
  const load = async (file, mode) => {
    const engine = await import(pathToFileURL(path.resolve(file)).href);
    if (mode === "calculate") return engine.calculate;
    if (mode === "matrix") {
      // The tax matrix of the request's car on a registration date of 2025, a new string each call
      // as each HTTP request brings its own (GetTaxMatrix computed for a new date).
      let day = 0;
      return (request) => {
        day = (day + 1) % 365;
        const date = new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 10);
        return engine.computeTaxMatrix(request.car, { registrationDate: date });
      };
    }
    if (mode !== "lines") throw new Error(`unknown mode ${mode}: calculate, lines or matrix`);
    const lines = engine.toCalculationLines;
    if (typeof lines !== "function") throw new Error(`${file} has no toCalculationLines`);
    return (request) => lines(engine.calculate(request).results, "nl");
  };
  const a = await load(first, modeFirst);
  const b = await load(second, modeSecond);
  const request = benchEngineRequest;
  const batch = (calculate, n) => {
    const start = performance.now();
    for (let i = 0; i < n; i++) calculate(request);
    return performance.now() - start;
  };
  batch(a, 30_000);
  batch(b, 30_000);
  const ratios = [];
  for (let pair = 0; pair < 60; pair++) ratios.push(batch(b, 2000) / batch(a, 2000));
  ratios.sort((x, y) => x - y);
  console.log(ratios[ratios.length >> 1]);
}
