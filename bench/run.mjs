#!/usr/bin/env node
// `pnpm bench`: engine throughput, reported as ratios against baselines measured in the same run
// (never as absolute pass/fail timings in unit tests). One core: the loop runs on the main thread.
import { performance } from "node:perf_hooks";
import { calculate, computeTaxMatrix, toCalculationLine } from "@cartax/engine";
import { benchEngineRequest } from "./bench-request.mjs";

const request = benchEngineRequest;

/** Median time per operation (µs) over `batches` batches, after half a second of warm-up. */
function measure(fn, { batches = 15, perBatch = 2000 } = {}) {
  // Warm-up for half a second: V8 compiles the large calculators in the background (tens of ms
  // each), and the figure is the steady state of a long-running process.
  const warmUntil = performance.now() + 500;
  while (performance.now() < warmUntil) for (let i = 0; i < 200; i++) fn();
  const samples = [];
  for (let b = 0; b < batches; b++) {
    const start = performance.now();
    for (let i = 0; i < perBatch; i++) fn();
    samples.push(((performance.now() - start) * 1000) / perBatch);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

const calculateAll = () => {
  const outcome = calculate(request);
  if (!outcome.ok) throw new Error("invalid bench request");
  return outcome.results;
};
const results = calculateAll();
const resultJson = JSON.stringify({
  calculationId: null,
  lines: results.map((r) => toCalculationLine(r, "nl")),
});
const requestJson = JSON.stringify(request);

const json = measure(() => JSON.stringify(JSON.parse(requestJson)) + JSON.stringify(JSON.parse(resultJson)));
const six = measure(calculateAll);
const sixWithLines = measure(() => calculateAll().map((r) => toCalculationLine(r, "nl")));
const matrix = measure(() => computeTaxMatrix(request.car, request.options), { perBatch: 500 });

const row = (name, us, note) =>
  `${name.padEnd(46)} ${us.toFixed(2).padStart(9)} µs  ${Math.round(1e6 / us)
    .toLocaleString("en")
    .padStart(10)}/s  ${note}`;
console.log(`cartax engine benchmark (node ${process.version}, median of 15 batches)\n`);
console.log(row("baseline: JSON.parse+stringify request+result", json, "1.00× (baseline)"));
console.log(row("calculate: all six calculators, one car", six, `${(six / json).toFixed(2)}× baseline`));
console.log(
  row("calculate + localised lines (nl)", sixWithLines, `${(sixWithLines / json).toFixed(2)}× baseline`),
);
console.log(
  row("tax matrix: 9 rows × 3 regions, both taxes", matrix, `${(matrix / six).toFixed(2)}× one calculate`),
);
console.log(
  `\ntargets: calculate > 100,000/s on one core (${six < 10 ? "met" : "NOT met"}); matrix median < 50 µs (${matrix < 50 ? "met" : "NOT met"})`,
);
