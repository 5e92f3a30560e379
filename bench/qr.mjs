#!/usr/bin/env node
// `pnpm bench` (QR part): the QR pipeline (compose the card's SVG, render to PNG) against resvg
// rendering the same SVG alone, measured in the same run; then POST /v1/Qr end to end on the
// built service (SQLite), median latency of sequential requests.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defaultLogo, qrCardSvg, renderPng, renderQrCard, resolveQrLayout } from "@cartax/qr";
import { openStorage } from "@cartax/storage";

const here = path.dirname(fileURLToPath(import.meta.url));
const input = {
  content: "https://api.cartax.be/p/I8vaRwrjUs3niFMuY3CstA",
  layout: resolveQrLayout({
    captionLine1: "Volvo XC40 T4 Recharge",
    captionLine2: "Scan for the tax summary",
  }),
  logo: defaultLogo(),
  topLogo: defaultLogo(),
};
const svg = qrCardSvg(input).svg;
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function time(fn, runs = 40) {
  for (let i = 0; i < 5; i++) await fn();
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}
// Interleaved so that both see the same machine state.
let bare = 0;
let pipeline = 0;
for (let round = 0; round < 3; round++) {
  bare += await time(() => renderPng(svg));
  pipeline += await time(() => renderQrCard(input));
}
bare /= 3;
pipeline /= 3;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-bench-qr-"));
const storage = await openStorage({ dataDir, databaseUrl: undefined });
const { primaryKey, subscription } = await storage.subscriptions.create({
  name: "bench",
  environment: "acceptance",
});
const car = await storage.carDetails.create(subscription.ownerId, {
  catalogPrice: 48000,
  firstRegistration: "2025-03-01",
  fuel: "Petrol",
  euroStandard: "Euro6",
  kilowatt: 110,
  wltp: 130,
  nedC2: 0,
  capacity: 1498,
  isActive: true,
});
await storage.close();
const child = spawn(process.execPath, [path.join(here, "../apps/api/dist/server.js")], {
  env: {
    ...process.env,
    PORT: "0",
    CARTAX_DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    CARTAX_WEBHOOK_WORKER: "off",
  },
  stdio: ["ignore", "ignore", "pipe"],
});
const url = await new Promise((resolve) => {
  let err = "";
  child.stderr.on("data", (c) => {
    err += c;
    const m = /listening on (http:\/\/\S+)/.exec(err);
    if (m) resolve(m[1]);
  });
});
// Each request draws another card (a numbered caption): an identical one would be answered with the
// stored image, without rendering (README, "Sharing: QR code images").
let n = 0;
const body = () =>
  JSON.stringify({
    carDetailId: car.id,
    captionLine1: "Volvo XC40 T4 Recharge",
    captionLine2: `Scan for the tax summary ${++n}`,
    topLogoPath: "Service_QR_Code",
  });
const post = async () => {
  const r = await fetch(`${url}/v1/Qr?subscription-key=${primaryKey}`, {
    method: "POST",
    body: body(),
    headers: { "content-type": "application/json" },
  });
  if (r.status !== 201) throw new Error(`POST /v1/Qr answered ${r.status}`);
};
const endToEnd = await time(post, 30);
child.kill();
fs.rmSync(dataDir, { recursive: true, force: true });

console.log("\ncartax QR benchmark (500 × 750, logo, top logo, two caption lines; median)\n");
console.log(
  `resvg rendering the card's SVG alone            ${bare.toFixed(2).padStart(7)} ms   1.00× (baseline)`,
);
console.log(
  `QR pipeline (compose SVG + render PNG)          ${pipeline.toFixed(2).padStart(7)} ms   ${(pipeline / bare).toFixed(2)}× resvg`,
);
console.log(`POST /v1/Qr end to end (HTTP, auth, store PNG)  ${endToEnd.toFixed(2).padStart(7)} ms p50`);
console.log(
  `\ntargets: pipeline < 1.25× resvg (${pipeline / bare < 1.25 ? "met" : "NOT met"}); POST /v1/Qr p50 < 50 ms (${endToEnd < 50 ? "met" : "NOT met"})`,
);
