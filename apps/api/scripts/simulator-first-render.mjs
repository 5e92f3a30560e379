#!/usr/bin/env node
// The simulator's first render on this machine's Chromium with the network throttled to Chrome
// DevTools' "Fast 3G" preset (562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up): time to the first
// contentful paint and to the script's first answer (`data-simulator="ready"`), on a cold cache.
// A measurement to report (issue 33's budget: first render under 1 s), not a test:
//   node apps/api/scripts/simulator-first-render.mjs [base URL; default: a server started here]
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
let base = process.argv[2];
let server;
if (!base) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-render-"));
  const port = 3900 + Math.floor(Math.random() * 90);
  server = spawn(process.execPath, [path.join(here, "../dist/server.js")], {
    env: { ...process.env, PORT: String(port), CARTAX_DATA_DIR: dataDir, LOG_LEVEL: "silent" },
    stdio: "ignore",
  });
  base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
}
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const runs = [];
for (let run = 0; run < 5; run++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1.44 * 1024 * 1024) / 8,
    uploadThroughput: (675 * 1024) / 8,
  });
  const start = Date.now();
  await page.goto(`${base}/simulator/en`, { waitUntil: "commit" });
  await page.locator('html[data-simulator="ready"]').waitFor({ state: "attached", timeout: 60_000 });
  const ready = Date.now() - start;
  const paint = await page.evaluate(
    "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null",
  );
  runs.push({ firstContentfulPaintMs: Math.round(paint), scriptReadyMs: ready });
  await context.close();
}
await browser.close();
server?.kill();
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(JSON.stringify(runs));
console.log(
  `Fast 3G, cold cache, 5 runs: first contentful paint median ${median(runs.map((r) => r.firstContentfulPaintMs))} ms (the first answer is in the HTML); script ready median ${median(runs.map((r) => r.scriptReadyMs))} ms`,
);
