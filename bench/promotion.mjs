#!/usr/bin/env node
// What a server keeps past a request (issue 42): the bytes V8's young collections promote into the
// old generation per request, under wrk, for the floor (floor-server.mjs's `/floor`) and the
// service's routes. Whatever is promoted stays until a full collection (mark-compact); a service
// that promotes a few hundred bytes a request fills its old generation's headroom in seconds, and
// each full collection meets the requests in flight (the p99; bench/README.md, "The service's own
// promotion"). The floor promotes next to nothing: that is the bar.
//
// Each server runs with --trace-gc-nvp, its output to a file: after a warm-up of 3 s at the same
// load, the window of --seconds is read from it: bytes promoted per request (scavenges' promoted=),
// the mark-compacts in the window and the median pause of a scavenge.
// A diagnostic, not part of `pnpm bench`: about 10 s per route.
//
//   node bench/promotion.mjs [--seconds 6] [--connections 10]
//        [--routes floor,matrix-dates,matrix,car,calculate]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openStorage } from "@cartax/storage";
import { benchHttpRequest } from "./bench-request.mjs";
import {
  benchDatabase,
  benchOptions,
  median,
  newRegistrationDates,
  seedDatabase,
  startServer,
  stopServer,
  wholeNumber,
  wrk,
  wrkInstalled,
} from "./service-under-load.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const ROUTES = ["floor", "matrix-dates", "matrix", "car", "calculate"];
const usage = `usage: node bench/promotion.mjs [--seconds S] [--connections N] [--routes ${ROUTES.join(",")}]`;
const options = benchOptions("promotion", usage, {
  seconds: { type: "string", default: "6" },
  connections: { type: "string", default: "10" },
  routes: { type: "string", default: ROUTES.join(",") },
});
const seconds = wholeNumber(options.seconds);
const connections = wholeNumber(options.connections);
const routes = options.routes.split(",");
const unknown = routes.find((route) => !ROUTES.includes(route));
if (seconds === undefined || connections === undefined) {
  console.error(`promotion: --seconds and --connections take a whole number from 1; ${usage}`);
  process.exit(2);
}
if (unknown !== undefined) {
  console.error(`promotion: no route "${unknown}" (${ROUTES.join(", ")}); ${usage}`);
  process.exit(2);
}
if (!wrkInstalled()) {
  console.log("promotion skipped: wrk is not installed (Debian: apt-get install wrk)");
  process.exit(0);
}

/** What wrk asks of a server for a route: the path and query, and the request's body or Lua. */
function load(route, { carId, key }) {
  const auth = `subscription-key=${key}`;
  switch (route) {
    case "floor":
      return { path: "/floor", options: { body: benchHttpRequest } };
    case "matrix-dates":
      return { path: `/v1/GetTaxMatrix?id=${carId}&${auth}`, options: newRegistrationDates };
    case "matrix":
      return { path: `/v1/GetTaxMatrix?id=${carId}&${auth}`, options: {} };
    case "car":
      return { path: `/v1/CarDetails/${carId}?${auth}`, options: {} };
    default:
      return { path: `/v1/Calculate?${auth}`, options: { body: benchHttpRequest } };
  }
}

/** The scavenges and mark-compacts of a --trace-gc-nvp log after the line `mark`. */
function collections(text, mark) {
  const after = text.slice(text.indexOf(mark) + mark.length);
  const scavenges = [];
  let markCompacts = 0;
  for (const line of after.split("\n")) {
    const kind = / gc=(\w+) /.exec(line)?.[1];
    if (kind === "s") {
      scavenges.push({
        promoted: Number(/ promoted=(\d+)/.exec(line)?.[1] ?? Number.NaN),
        pause: Number(/ pause=([\d.]+)/.exec(line)?.[1] ?? Number.NaN),
      });
    } else if (kind === "mc") markCompacts++;
  }
  return { scavenges, markCompacts };
}

/** wrk's run, or an error that says so when the server it loaded has exited meanwhile. */
async function loaded(server, url, options) {
  try {
    return wrk(url, options);
  } catch (error) {
    // wrk ran synchronously: the server's exit, if any, is told once the event loop turns.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { exitCode, signalCode } = server.child;
    if (exitCode === null && signalCode === null) throw error;
    throw new Error(
      `the server exited (${signalCode ?? `code ${exitCode}`}) under load; its last words: ${server.stderrTail()}`,
    );
  }
}

const database = await benchDatabase();
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-promotion-"));
const rows = [];
let seeded;
try {
  seeded = await seedDatabase(openStorage, "promotion", database.url);
  for (const route of routes) {
    const script =
      route === "floor" ? path.join(here, "floor-server.mjs") : path.join(here, "../apps/api/dist/server.js");
    const logFile = path.join(logDir, `${route}.log`);
    const log = fs.openSync(logFile, "w");
    const server = await startServer(script, {
      env: { CARTAX_DATA_DIR: seeded.dataDir, CARTAX_FLOOR_KEY: seeded.key, ...database.env },
      nodeArgs: ["--trace-gc", "--trace-gc-nvp"],
      stdout: log,
    });
    try {
      const { path: target, options: request } = load(route, seeded);
      const warm = await loaded(server, `${server.url}${target}`, { seconds: 3, connections, ...request });
      // The window starts at this line in the server's own output: the warm-up's collections before it.
      const mark = `---- promotion window ${route} ----`;
      fs.writeSync(log, `${mark}\n`);
      const run = await loaded(server, `${server.url}${target}`, { seconds, connections, ...request });
      if (warm.non2xx > 0 || run.non2xx > 0)
        throw new Error(`${route}: ${warm.non2xx + run.non2xx} answers were not 2xx`);
      await stopServer(server);
      const { scavenges, markCompacts } = collections(fs.readFileSync(logFile, "utf8"), mark);
      const requests = run.rps * seconds;
      const promoted = scavenges.reduce((sum, s) => sum + s.promoted, 0);
      rows.push({
        route,
        rps: run.rps,
        p99: run.p99,
        perRequest: promoted / requests,
        scavenges: scavenges.length,
        pause: median(scavenges.map((s) => s.pause)),
        markCompacts,
      });
    } finally {
      await stopServer(server);
      fs.closeSync(log);
    }
  }
} finally {
  fs.rmSync(logDir, { recursive: true, force: true });
  if (seeded) fs.rmSync(seeded.dataDir, { recursive: true, force: true });
  database.stop();
}

console.log(
  `\nbytes promoted per request (${database.name}, wrk at ${connections} connections, ${seconds} s after a warm-up of 3 s, node ${process.version})\n`,
);
console.log(
  `${"route".padEnd(14)}${"req/s".padStart(8)}${"p99 ms".padStart(9)}${"promoted B/req".padStart(16)}${"scavenges".padStart(11)}${"median pause ms".padStart(17)}${"mark-compacts".padStart(15)}`,
);
for (const row of rows)
  console.log(
    `${row.route.padEnd(14)}${Math.round(row.rps).toLocaleString("en").padStart(8)}${row.p99.toFixed(2).padStart(9)}${row.perRequest.toFixed(0).padStart(16)}${String(row.scavenges).padStart(11)}${row.pause.toFixed(1).padStart(17)}${String(row.markCompacts).padStart(15)}`,
  );
