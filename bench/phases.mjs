#!/usr/bin/env node
// `pnpm bench` (engine, second part): calculate in a process that first served other kinds of
// requests, as a service does. Each phase runs one subset of the calculators (ViewOptions), so V8
// optimises the engine for it before the next. The figure to compare is the first line of
// run.mjs: a fresh process that only ever saw the full request. Runs in its own process.
import { performance } from "node:perf_hooks";
import { calculate } from "@cartax/engine";
import { benchEngineRequest } from "./bench-request.mjs";

const request = benchEngineRequest;

/** Median time per calculation (µs) of 15 batches, after half a second of warm-up. */
function measure(viewOptions, { batches = 15, perBatch = 2000 } = {}) {
  const input = { ...request, viewOptions };
  const run = () => {
    if (!calculate(input).ok) throw new Error("invalid bench request");
  };
  // Warm-up for half a second: V8 compiles the large calculators in the background (tens of ms
  // each), and the figure is the steady state of a long-running process.
  const warmUntil = performance.now() + 500;
  while (performance.now() < warmUntil) for (let i = 0; i < 200; i++) run();
  const samples = [];
  for (let b = 0; b < batches; b++) {
    const start = performance.now();
    for (let i = 0; i < perBatch; i++) run();
    samples.push(((performance.now() - start) * 1000) / perBatch);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

const roadTax = measure(1);
const benefitInKind = measure(4);
const all = measure(63);
const row = (name, us) =>
  `${name.padEnd(46)} ${us.toFixed(2).padStart(9)} µs  ${Math.round(1e6 / us)
    .toLocaleString("en")
    .padStart(10)}/s`;
console.log(
  "\ncartax engine benchmark, phases (one process: RoadTax only, then BenefitInKind only, then all)\n",
);
console.log(row("phase 1: RoadTax only", roadTax));
console.log(row("phase 2: BenefitInKind only", benefitInKind));
console.log(row("phase 3: all six calculators, one car", all));
