#!/usr/bin/env node
// `pnpm bench` (batch part): 10,000 Calculate requests through POST /v1/Calculate/batch against the
// same 10,000 sent one by one over keep-alive connections, both to the built service in the same
// run (SQLite in a fresh folder, audit records saved in both), with the service's resident memory
// sampled while the batch streams. Issue 22's target: batch ≥ 0.8× the singles' throughput, with
// memory flat. BENCH_BATCH_REQUESTS changes the count (default 10,000, the batch limit);
// BENCH_BATCH_SINGLES=off measures the batch alone (its memory curve, when both do not fit in 30 s).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openStorage } from "@cartax/storage";
import { benchHttpRequest } from "./bench-request.mjs";
import { startServer } from "./service-under-load.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const count = Number(process.env.BENCH_BATCH_REQUESTS ?? 10_000);
const connections = 16;
const warmUp = Math.min(1000, Math.ceil(count / 10));
const withSingles = process.env.BENCH_BATCH_SINGLES !== "off";

/** The requests: the benchmark's plug-in hybrid with a different catalog price each. */
const bodies = Array.from({ length: count }, (_, i) =>
  JSON.stringify({
    ...benchHttpRequest,
    carDetail: { ...benchHttpRequest.carDetail, catalogPrice: 30_000 + i },
  }),
);

/** Resident memory of a process in MiB (Linux). */
function rssMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kib / 1024;
}

/** POSTs each body on its own request, `connections` at a time over keep-alive connections. */
async function singles(url, list, pid) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let next = 0;
  let failed = 0;
  const post = (body) =>
    new Promise((resolve, reject) => {
      const request = http.request(url, {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      });
      request.on("response", (response) => {
        if (response.statusCode !== 200) failed += 1;
        response.on("data", () => {});
        response.on("end", resolve);
      });
      request.on("error", reject);
      request.end(body);
    });
  const worker = async () => {
    while (next < list.length) await post(list[next++]);
  };
  const samples = [];
  const timer = setInterval(() => samples.push(rssMiB(pid)), 50);
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  agent.destroy();
  return { seconds, rps: list.length / seconds, failed, peak: Math.max(...samples, 0) };
}

/**
 * One batch of the bodies, written as the connection takes them while the answers are read; the
 * service's RSS is sampled every 50 ms and at each tenth of the answers.
 */
function batch(url, list, pid) {
  return new Promise((resolve, reject) => {
    const samples = [];
    const atTenths = [];
    let answers = 0;
    let results = 0;
    let partial = "";
    const started = performance.now();
    const timer = setInterval(() => samples.push(rssMiB(pid)), 50);
    const request = http.request(url, {
      method: "POST",
      headers: { "content-type": "application/x-ndjson" },
    });
    request.on("response", (response) => {
      if (response.statusCode !== 200) reject(new Error(`batch answered ${response.statusCode}`));
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        const lines = (partial + chunk).split("\n");
        partial = lines.pop() ?? "";
        for (const line of lines) {
          answers += 1;
          if (line.startsWith('{"calculationId"')) results += 1;
          if (answers % Math.ceil(list.length / 10) === 0) atTenths.push(rssMiB(pid));
        }
      });
      response.on("end", () => {
        clearInterval(timer);
        const seconds = (performance.now() - started) / 1000;
        resolve({ seconds, rps: answers / seconds, answers, results, samples, atTenths });
      });
    });
    request.on("error", reject);
    (async () => {
      for (const body of list) {
        if (!request.write(`${body}\n`)) await new Promise((r) => request.once("drain", r));
      }
      request.end();
    })();
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-bench-batch-"));
const storage = await openStorage({ dataDir, databaseUrl: undefined });
const { primaryKey } = await storage.subscriptions.create({
  name: "bench",
  environment: "acceptance",
  calculationAccess: true,
});
await storage.close();
const api = await startServer(path.join(here, "../apps/api/dist/server.js"), {
  env: { CARTAX_DATA_DIR: dataDir },
});
const pid = api.child.pid;
const key = `subscription-key=${primaryKey}`;
try {
  // Warm-up of both paths (JIT, SQLite page cache), then the measured runs back to back.
  if (withSingles) await singles(`${api.url}/v1/Calculate?${key}`, bodies.slice(0, warmUp), pid);
  await batch(`${api.url}/v1/Calculate/batch?${key}`, bodies.slice(0, warmUp), pid);
  const rssBefore = rssMiB(pid);
  const one = withSingles
    ? await singles(`${api.url}/v1/Calculate?${key}`, bodies, pid)
    : { seconds: 0, rps: Number.NaN, failed: 0, peak: rssBefore };
  const rssAfterSingles = rssMiB(pid);
  const many = await batch(`${api.url}/v1/Calculate/batch?${key}`, bodies, pid);
  const ratio = many.rps / one.rps;
  const peak = Math.max(...many.samples, ...many.atTenths);
  // Flat: the second half of the batch peaks no higher than the first (garbage collection makes a saw).
  const half = Math.ceil(many.atTenths.length / 2);
  const firstHalf = Math.max(...many.atTenths.slice(0, half));
  const secondHalf = Math.max(...many.atTenths.slice(half));
  console.log(
    `\ncartax batch benchmark (${count.toLocaleString("en")} requests, SQLite, audit saved, node ${process.version}, load average ${os.loadavg()[0].toFixed(1)})\n`,
  );
  if (withSingles)
    console.log(
      `singles: ${connections} keep-alive connections   ${Math.round(one.rps).toLocaleString("en").padStart(6)} req/s  (${one.seconds.toFixed(1)} s${one.failed ? `, ${one.failed} non-200!` : ""})`,
    );
  console.log(
    `batch:   one POST /v1/Calculate/batch         ${Math.round(many.rps).toLocaleString("en").padStart(6)} req/s  (${many.seconds.toFixed(1)} s, ${many.answers} answers, ${many.results} results)`,
  );
  console.log(
    `service RSS: ${withSingles ? `${rssBefore.toFixed(0)} MiB before the singles (peak ${one.peak.toFixed(0)} MiB during them), ${rssAfterSingles.toFixed(0)} MiB after` : `${rssBefore.toFixed(0)} MiB before the batch`}; during the batch at each tenth of the answers: ${many.atTenths.map((r) => r.toFixed(0)).join(", ")} MiB (peak ${peak.toFixed(0)} MiB; highest in the first half ${firstHalf.toFixed(0)}, in the second ${secondHalf.toFixed(0)} MiB: ${secondHalf <= firstHalf + 16 ? "flat" : "RISING"})`,
  );
  if (withSingles)
    console.log(`target: batch ≥ 0.8× singles (${ratio.toFixed(2)}×: ${ratio >= 0.8 ? "met" : "NOT met"})`);
  if (many.answers !== count || many.results !== count) process.exitCode = 1;
} finally {
  api.child.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
