#!/usr/bin/env node
// `pnpm bench` (webhook part): fan-out of one change notification to 1,000 registered local
// endpoints through the real outbox (SQLite) and delivery worker, time until all are delivered, as a
// ratio against the same number of bare HTTP POSTs of the same body made directly in the same run
// (same parallelism: 200 at a time, the worker's batch size).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { changeNotification } from "@cartax/schemas";
import { openStorage } from "@cartax/storage";
// The sender lives with the service (apps/api); its build exports the worker.
import { DeliveryWorker } from "../apps/api/dist/index.js";

const ENDPOINTS = 1000;
const PARALLEL = 200;
let received = 0;
const server = http.createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    received++;
    response.writeHead(204).end();
  });
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-bench-hooks-"));
const storage = await openStorage({ dataDir, databaseUrl: undefined });
const { subscription } = await storage.subscriptions.create({ name: "bench", environment: "acceptance" });
for (let i = 0; i < ENDPOINTS; i++) {
  await storage.webhooks.addEndpoint({
    subscriptionId: subscription.id,
    url: `${base}/hook/${i}`,
    secret: "whsec_bench_secret_0123456789",
    firstPingInMs: 3_600_000,
  });
}
const types = [
  { value: 1, label: "RoadTax" },
  { value: 4, label: "BenefitInKind" },
];
const body = JSON.stringify({ eventId: "00000000-0000-4000-8000-000000000000", updatedCalculations: types });

async function bare() {
  const start = performance.now();
  for (let i = 0; i < ENDPOINTS; i += PARALLEL) {
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL, ENDPOINTS - i) }, (_, j) =>
        fetch(`${base}/hook/${i + j}`, {
          method: "POST",
          body,
          headers: { "content-type": "application/json" },
        }).then((r) => r.arrayBuffer()),
      ),
    );
  }
  return performance.now() - start;
}

async function fanOut() {
  received = 0;
  const worker = new DeliveryWorker(storage.webhooks, { pollMs: 5, batchSize: PARALLEL });
  const start = performance.now();
  await storage.webhooks.enqueueNotification((eventId) => JSON.stringify(changeNotification(eventId, types)));
  worker.start();
  while (received < ENDPOINTS) await new Promise((resolve) => setTimeout(resolve, 1));
  const elapsed = performance.now() - start;
  await worker.stop();
  return elapsed;
}

await bare(); // warm-up of the HTTP client and server
const runs = [];
for (let i = 0; i < 3; i++) runs.push({ bare: await bare(), fanOut: await fanOut() });
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const bareMs = median(runs.map((r) => r.bare));
const fanMs = median(runs.map((r) => r.fanOut));
console.log(
  `\ncartax webhook fan-out benchmark (${ENDPOINTS} endpoints, ${PARALLEL} in parallel, SQLite outbox, median of 3)\n`,
);
console.log(
  `bare POSTs, same body, made directly          ${bareMs.toFixed(0).padStart(6)} ms   1.00× (baseline)`,
);
console.log(
  `notify → outbox → worker → all delivered (signed) ${fanMs.toFixed(0).padStart(6)} ms   ${(fanMs / bareMs).toFixed(2)}× bare`,
);
await storage.close();
server.close();
fs.rmSync(dataDir, { recursive: true, force: true });
