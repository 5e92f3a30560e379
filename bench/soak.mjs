#!/usr/bin/env node
// Memory soak (issue 20 part 5): the built service (SQLite, default settings) under an open-loop
// load of SOAK_RATE requests a second (default 50) of mixed traffic for SOAK_MINUTES (default 1;
// 10 for the figure in bench/README.md), sampling the server's resident memory (VmRSS of
// /proc/PID/status) every SOAK_SAMPLE_SECONDS (default 5), and beside it the V8 heap used and the
// external memory (ArrayBuffers, Buffers) that the server's GET /metrics reports
// (nodejs_heap_size_used_bytes, nodejs_external_memory_bytes). After the warm-up
// (SOAK_WARMUP_MINUTES, default a fifth of the run, at most 2) it reports the least-squares slope
// of each in MB/min; target: RSS < 2 MB/min. `pnpm bench` runs it only when SOAK_MINUTES is set.
// The child inherits the environment (e.g. MALLOC_ARENA_MAX, NODE_OPTIONS).
//
// The traffic, per 20 requests: 7 POST /v1/Calculate (inline car, the price varying so that each
// answer and audit record differ), 3 GET /v1/GetTaxMatrix, 3 GET /v1/CarDetails/{id}, 1 POST
// /v1/CarDetails (a new car), 1 PUT /v1/CarDetails/{id}, 2 POST /v1/Qr (one card of a set of 20,
// mostly reused, and one new card: a render), 1 GET of a QR image, 1 GET /v1/PublicLink and
// 1 GET /p/{token} (the public page).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openStorage } from "@cartax/storage";
import { benchCar, benchHttpRequest } from "./bench-request.mjs";
import { seedDatabase, startServer } from "./service-under-load.mjs";

if (process.env.npm_lifecycle_event === "bench" && !process.env.SOAK_MINUTES) {
  console.log(
    "\nsoak benchmark skipped (set SOAK_MINUTES, e.g. SOAK_MINUTES=10 pnpm bench, or run node bench/soak.mjs)",
  );
  process.exit(0);
}
if (!fs.existsSync("/proc/self/status")) {
  console.log("\nsoak benchmark skipped: it reads the server's RSS from /proc (Linux only)");
  process.exit(0);
}

const here = path.dirname(fileURLToPath(import.meta.url));
const minutes = Number(process.env.SOAK_MINUTES ?? 1);
const rate = Number(process.env.SOAK_RATE ?? 50);
const sampleSeconds = Number(process.env.SOAK_SAMPLE_SECONDS ?? 5);
const warmupMinutes = Number(process.env.SOAK_WARMUP_MINUTES ?? Math.min(2, minutes / 5));
if (!(minutes > 0 && rate > 0 && sampleSeconds > 0 && warmupMinutes >= 0 && warmupMinutes < minutes)) {
  console.error(
    "soak: SOAK_MINUTES, SOAK_RATE, SOAK_SAMPLE_SECONDS must be > 0, SOAK_WARMUP_MINUTES ≥ 0 and < SOAK_MINUTES",
  );
  process.exit(2);
}
const TARGET_MB_PER_MIN = 2;

// A fresh database with one subscription (calculation access) and one stored car.
const { dataDir, key: primaryKey, carId } = await seedDatabase(openStorage, "soak");

const { child, url } = await startServer(path.join(here, "../apps/api/dist/server.js"), {
  env: { CARTAX_DATA_DIR: dataDir },
});
const { hostname, port } = new URL(url);
// FIFO: every kept-alive socket is used in turn, so none idles into the server's keep-alive
// timeout (a request sent on a socket the server is closing fails with ECONNRESET: the client's
// race, not the service's error).
const agent = new http.Agent({ keepAlive: true, maxSockets: 32, scheduling: "fifo" });

/** One request; resolves with the status and the Location header (never rejects). */
function send(method, pathAndQuery, body) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        agent,
        hostname,
        port,
        method,
        path: pathAndQuery,
        headers: payload
          ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }
          : {},
      },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode, location: response.headers.location }),
        );
        response.on("error", (error) => resolve({ status: `error ${error.code ?? error.message}` }));
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error("timeout")));
    request.on("error", (error) => resolve({ status: `error ${error.code ?? error.message}` }));
    request.end(payload);
  });
}

const key = `subscription-key=${primaryKey}`;
const cars = [carId];
const qrImages = [];
// A public link and an image to read from the first request on.
const link = await send("GET", `/v1/PublicLink?cardetailid=${carId}&${key}`);
let publicPath = new URL(link.location).pathname;
qrImages.push(new URL((await send("POST", `/v1/Qr?${key}`, { carDetailId: carId })).location).pathname);
let n = 0;
const kinds = [
  "calculate",
  "matrix",
  "car",
  "calculate",
  "qr-same",
  "calculate",
  "matrix",
  "car",
  "create",
  "calculate",
  "qr-image",
  "calculate",
  "car",
  "public-link",
  "calculate",
  "matrix",
  "put",
  "calculate",
  "qr-new",
  "public-page",
];
/** The i-th request of the mix. */
async function traffic(i) {
  const kind = kinds[i % kinds.length];
  const car = cars[i % cars.length];
  switch (kind) {
    case "calculate":
      return [
        kind,
        await send("POST", `/v1/Calculate?${key}`, {
          ...benchHttpRequest,
          carDetail: { ...benchHttpRequest.carDetail, catalogPrice: 30000 + (i % 20000) },
        }),
      ];
    case "matrix":
      return [kind, await send("GET", `/v1/GetTaxMatrix?id=${car}&${key}`)];
    case "car":
      return [kind, await send("GET", `/v1/CarDetails/${car}?${key}`)];
    case "create": {
      const r = await send("POST", `/v1/CarDetails?${key}`, { ...benchCar, catalogPrice: 20000 + i });
      const id = r.location?.split("/").pop()?.split("?")[0];
      // A bounded set of cars, so that look-ups spread without the set growing forever.
      if (r.status === 201 && id && cars.length < 200) cars.push(id);
      return [kind, r];
    }
    case "put":
      return [
        kind,
        await send("PUT", `/v1/CarDetails/${car}?${key}`, { ...benchCar, catalogPrice: 25000 + (i % 1000) }),
      ];
    case "qr-same":
    case "qr-new": {
      const caption = kind === "qr-same" ? `Card ${i % 20}` : `New card ${process.pid} ${i}`;
      const r = await send("POST", `/v1/Qr?${key}`, { carDetailId: carId, captionLine1: caption });
      if (r.status === 201 && r.location) {
        qrImages.push(new URL(r.location).pathname);
        if (qrImages.length > 50) qrImages.shift();
      }
      return [kind, r];
    }
    case "qr-image":
      return [kind, await send("GET", qrImages[i % qrImages.length])];
    case "public-link": {
      const r = await send("GET", `/v1/PublicLink?cardetailid=${car}&${key}`);
      if (r.location) publicPath = new URL(r.location).pathname;
      return [kind, r];
    }
    default:
      return [kind, await send("GET", publicPath)];
  }
}

/** VmRSS of the server in MB. */
function rssMb() {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? Number.NaN) / 1024;
}

const metricsAgent = new http.Agent({ keepAlive: false });
/** The server's V8 heap used and external memory in MB, from GET /metrics (NaN if unread). */
function runtimeMb() {
  return new Promise((resolve) => {
    const unread = { heap: Number.NaN, external: Number.NaN };
    const request = http.get({ agent: metricsAgent, hostname, port, path: "/metrics" }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        text += chunk;
      });
      response.on("end", () => {
        const read = (name) =>
          Number(new RegExp(`^${name} (\\S+)`, "m").exec(text)?.[1] ?? Number.NaN) / 1024 / 1024;
        resolve({
          heap: read("nodejs_heap_size_used_bytes"),
          external: read("nodejs_external_memory_bytes"),
        });
      });
      response.on("error", () => resolve(unread));
    });
    request.setTimeout(30_000, () => request.destroy(new Error("timeout")));
    request.on("error", () => resolve(unread));
  });
}

/** One sample: RSS read now, then the heap and external memory as /metrics reports them. */
async function sample() {
  const minute = (performance.now() - started) / 60_000;
  const mb = rssMb();
  return { minute, mb, ...(await runtimeMb()) };
}

const counts = new Map();
let inFlight = 0;
let skipped = 0;
const samples = [];
const pending = new Set();
/** Takes a sample in the background (the load's schedule does not wait for it). */
function sampleLater() {
  const taken = sample().then((s) => {
    samples.push(s);
    pending.delete(taken);
  });
  pending.add(taken);
}
const started = performance.now();
const endAt = started + minutes * 60_000;
await new Promise((resolve) => {
  // Open loop: every 20 ms, as many requests as the schedule says are due (a slow answer does not
  // slow the rate); past 200 in flight, requests are skipped and counted rather than piled up.
  const tick = setInterval(() => {
    const now = performance.now();
    if (now >= endAt) {
      clearInterval(tick);
      clearInterval(sampler);
      resolve();
      return;
    }
    const due = Math.floor(((now - started) / 1000) * rate);
    while (n < due) {
      const i = n++;
      if (inFlight >= 200) {
        skipped++;
        continue;
      }
      inFlight++;
      void traffic(i).then(([kind, r]) => {
        inFlight--;
        const label = `${kind} ${r.status}`;
        counts.set(label, (counts.get(label) ?? 0) + 1);
      });
    }
  }, 20);
  const sampler = setInterval(sampleLater, sampleSeconds * 1000);
  sampleLater();
});
while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
await Promise.all(pending);
samples.push(await sample());
samples.sort((a, b) => a.minute - b.minute);
child.removeAllListeners("exit");
child.kill();
agent.destroy();
metricsAgent.destroy();
fs.rmSync(dataDir, { recursive: true, force: true });

/** Least-squares slope of the field (mb by default) over minute, skipping unread samples. */
function slope(all, field = "mb") {
  const points = all.filter((p) => Number.isFinite(p[field]));
  if (points.length === 0) return Number.NaN;
  const mx = points.reduce((s, p) => s + p.minute, 0) / points.length;
  const my = points.reduce((s, p) => s + p[field], 0) / points.length;
  const sxy = points.reduce((s, p) => s + (p.minute - mx) * (p[field] - my), 0);
  const sxx = points.reduce((s, p) => s + (p.minute - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}
const measured = samples.filter((s) => s.minute >= warmupMinutes);
const perMinute = slope(measured);
const total = [...counts.values()].reduce((a, b) => a + b, 0);
const failed = [...counts].filter(([label]) => !/ (200|201|503)$/.test(label));
const mb = (x) => x.toFixed(1);
const peak = Math.max(...samples.map((s) => s.mb));

console.log(
  `\ncartax soak benchmark (${minutes} min at ${rate} req/s of mixed traffic, SQLite, node ${process.version})\n`,
);
console.log(
  `requests answered ${total.toLocaleString("en")} (${(total / (minutes * 60)).toFixed(1)}/s), skipped (200 in flight) ${skipped}, failed ${failed.reduce((s, [, c]) => s + c, 0)}`,
);
console.log(
  `by kind and status: ${[...counts]
    .sort()
    .map(([label, c]) => `${label}: ${c}`)
    .join(", ")}`,
);
console.log(
  `RSS: start ${mb(samples[0].mb)} MB, after the ${warmupMinutes.toFixed(1)}-min warm-up ${mb(measured[0]?.mb ?? Number.NaN)} MB, end ${mb(samples.at(-1).mb)} MB, peak ${mb(peak)} MB (${samples.length} samples)`,
);
const byMinute = [];
for (const sample of samples) byMinute[Math.floor(sample.minute)] ??= sample.mb;
console.log(`RSS at each minute: ${byMinute.map((x) => Math.round(x)).join(", ")} MB`);
console.log(
  `RSS slope after warm-up: ${perMinute.toFixed(2)} MB/min over ${(minutes - warmupMinutes).toFixed(1)} min`,
);
for (const [field, name] of [
  ["heap", "V8 heap used"],
  ["external", "external memory"],
]) {
  const read = samples.filter((s) => Number.isFinite(s[field]));
  const after = read.filter((s) => s.minute >= warmupMinutes);
  const each = [];
  for (const s of read) each[Math.floor(s.minute)] ??= s[field];
  console.log(
    `${name}: start ${mb(read[0]?.[field] ?? Number.NaN)} MB, after warm-up ${mb(after[0]?.[field] ?? Number.NaN)} MB, end ${mb(read.at(-1)?.[field] ?? Number.NaN)} MB, peak ${mb(read.length > 0 ? Math.max(...read.map((s) => s[field])) : Number.NaN)} MB (${read.length} of ${samples.length} samples read from /metrics); at each minute: ${each.map((x) => Math.round(x)).join(", ")} MB; slope after warm-up ${slope(measured, field).toFixed(2)} MB/min`,
  );
}
console.log(
  `slopes after warm-up: RSS ${perMinute.toFixed(2)}, V8 heap used ${slope(measured, "heap").toFixed(2)}, external memory ${slope(measured, "external").toFixed(2)} MB/min`,
);
console.log(
  `target: RSS slope < ${TARGET_MB_PER_MIN} MB/min after warm-up (${perMinute < TARGET_MB_PER_MIN ? "met" : "NOT met"})${minutes < 10 ? "; a short run: the issue's figure is a 10-minute one (SOAK_MINUTES=10)" : ""}`,
);
