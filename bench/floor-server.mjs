// The floor of the HTTP benchmark: Calculate's unavoidable work behind the same framework and
// adapter as the service (read the body, all six calculators, the localised lines, serialise the
// answer), with no authentication, no request validation beyond the engine's, no audit record, no
// logs and no metrics. No implementation of POST /v1/Calculate on this engine and adapter can be
// faster than this route; the service's figures are reported against it as well as against bare.
// Beside it, the durable floor (/floor-durable: + the audit record, grouped, durable) and the
// contract floor (/floor-contract: + the key check and the record compressed as the service does).
//
// With CARTAX_FLOOR_PHASES=1 (bench/floor-phases.mjs) it also serves the floor cut into phases, each
// route doing one phase more than the one before, and GET /stats (the process's CPU time, the
// requests served and the garbage collector's time), so that the CPU time a phase costs under load
// is the difference between two routes.
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PerformanceObserver } from "node:perf_hooks";
import { calculate, toCalculationLine, toCalculationLines } from "@cartax/engine";
import { encodeAudit } from "@cartax/storage";
import { serve } from "@hono/node-server";
import Database from "better-sqlite3";
import { Hono } from "hono";

const toInput = (body) => {
  const profile = body.userProfile;
  return {
    car: body.carDetail,
    profile: {
      status: profile.status,
      registrationOn: profile.registrationOn,
      region: profile.regionRegistration,
      hasFuelCard: profile.hasFuelCard,
    },
    options: body.options,
  };
};

/**
 * The JSON body read straight from Node's request stream, as the service's readJsonBody does
 * (apps/api/src/http/read-json-body.ts): `c.req.json()` on @hono/node-server first builds a Web
 * Request and its ReadableStream, work no Calculate has to do.
 */
const nodeJsonBody = async (c) => {
  const chunks = [];
  for await (const chunk of c.env.incoming) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
};

const phases = process.env.CARTAX_FLOOR_PHASES === "1";
let requests = 0;
let gcMs = 0;
const app = new Hono();
if (phases) {
  app.use("*", async (_c, next) => {
    requests++;
    await next();
  });
}
app.post("/floor", async (c) => {
  const body = await nodeJsonBody(c);
  const outcome = calculate(toInput(body));
  if (!outcome.ok) return c.json(outcome.issues, 400);
  const lines = outcome.results.map((result) => toCalculationLine(result, "en"));
  return c.body(JSON.stringify({ calculationId: randomUUID(), lines }), 200, {
    "Content-Type": "application/json",
  });
});
// The durable floor (issue 29): the floor that also keeps its audit record before it answers, as
// POST /v1/Calculate must. The request text and the answer go into SQLite (WAL, synchronous=FULL,
// so an acknowledged answer survives a power cut), the rows of every request that arrived in the
// same turn of the event loop in one transaction (one fsync for all of them, committed right after
// that turn). Plainly, on the event loop: no compression, no thread, no authentication, no
// validation beyond the engine's, no logs and no metrics.
const durable = (() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-durable-floor-"));
  const db = new Database(path.join(dir, "floor.sqlite"));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.exec("create table records (id text primary key, request text not null, result text not null)");
  const insert = db.prepare("insert into records (id, request, result) values (?, ?, ?)");
  const insertAll = db.transaction((rows) => {
    for (const row of rows) insert.run(row.id, row.request, row.result);
  });
  let waiting = [];
  const commit = () => {
    const batch = waiting;
    waiting = [];
    insertAll(batch);
    for (const row of batch) row.resolve();
  };
  process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  process.once("SIGTERM", () => process.exit(0));
  // --cpu-prof writes its profile on a clean exit (bench/overhead.mjs stops a profiled floor with SIGINT).
  process.once("SIGINT", () => process.exit(0));
  return (id, request, result) =>
    new Promise((resolve) => {
      if (waiting.length === 0) setImmediate(commit);
      waiting.push({ id, request, result, resolve });
    });
})();
app.post("/floor-durable", async (c) => {
  const chunks = [];
  for await (const chunk of c.env.incoming) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString("utf8");
  const outcome = calculate(toInput(JSON.parse(text)));
  if (!outcome.ok) return c.json(outcome.issues, 400);
  const { lines, unavailableLines } = toCalculationLines(outcome.results, "en");
  const calculationId = randomUUID();
  const answer = JSON.stringify({ calculationId, lines, unavailableLines });
  await durable(calculationId, text, answer);
  return c.body(answer, 200, { "Content-Type": "application/json" });
});
// The contract floor (issue 42): the durable floor plus what the contract makes every Calculate do
// besides calculating, done as plainly as it can be: the subscription key (query parameter
// `subscription-key`, as the service reads it) hashed with SHA-256 and looked up in a table of the
// floor's database (401 when unknown or inactive), and the request and answer compressed as the
// service compresses its audit record (encodeAudit of @cartax/storage: raw deflate, level 1, its
// preset dictionary) before the grouped durable insert, all on the event loop, one thread. The key
// the benchmark sends is CARTAX_FLOOR_KEY (http.mjs passes the seeded subscription's), beside 1,000
// others so that the look-up reads a real index.
const contract = (() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-contract-floor-"));
  const db = new Database(path.join(dir, "floor.sqlite"));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.exec("create table keys (key_hash text primary key, active integer not null)");
  db.exec(
    "create table records (id text primary key, encoding integer not null, request_bytes integer not null, body blob not null)",
  );
  const sha256 = (text) => createHash("sha256").update(text, "utf8").digest("hex");
  const addKey = db.prepare("insert into keys (key_hash, active) values (?, 1)");
  db.transaction(() => {
    for (let i = 0; i < 1000; i++) addKey.run(sha256(`ctx_acc_${randomUUID()}`));
    if (process.env.CARTAX_FLOOR_KEY) addKey.run(sha256(process.env.CARTAX_FLOOR_KEY));
  })();
  const keyOf = db.prepare("select active from keys where key_hash = ?").pluck();
  const insert = db.prepare("insert into records (id, encoding, request_bytes, body) values (?, ?, ?, ?)");
  const insertAll = db.transaction((rows) => {
    for (const row of rows)
      insert.run(row.id, row.record.encoding, row.record.request_bytes, row.record.body);
  });
  let waiting = [];
  const commit = () => {
    const batch = waiting;
    waiting = [];
    insertAll(batch);
    for (const row of batch) row.resolve();
  };
  process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  return {
    active: (key) => keyOf.get(sha256(key)) === 1,
    save: (id, record) =>
      new Promise((resolve) => {
        if (waiting.length === 0) setImmediate(commit);
        waiting.push({ id, record, resolve });
      }),
  };
})();
app.post("/floor-contract", async (c) => {
  const key = c.req.query("subscription-key") ?? c.req.header("Ocp-Apim-Subscription-Key");
  if (!key || !contract.active(key)) return c.json({ status: 401 }, 401);
  const chunks = [];
  for await (const chunk of c.env.incoming) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString("utf8");
  const outcome = calculate(toInput(JSON.parse(text)));
  if (!outcome.ok) return c.json(outcome.issues, 400);
  const { lines, unavailableLines } = toCalculationLines(outcome.results, "en");
  const calculationId = randomUUID();
  const answer = JSON.stringify({ calculationId, lines, unavailableLines });
  await contract.save(calculationId, encodeAudit(text, answer));
  return c.body(answer, 200, { "Content-Type": "application/json" });
});
if (phases) {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMs += entry.duration;
  }).observe({ entryTypes: ["gc"] });
  const json = { "Content-Type": "application/json" };
  // The floor's answer, made once: the same bytes as /floor sends.
  let answer = "";
  // 0. read the body through a Web Request, answer a small JSON (what the bare route does).
  app.post("/phase/body", async (c) =>
    c.json({ ok: true, received: (await c.req.json()).userProfile?.postalCode }),
  );
  // 2. the body read from Node's stream as /floor does, answering the floor's 4 KB answer (made
  // once): the cost of the bigger answer.
  app.post("/phase/answer", async (c) => {
    await nodeJsonBody(c);
    return c.body(answer, 200, json);
  });
  // 3. + calculate.
  app.post("/phase/calculate", async (c) => {
    const outcome = calculate(toInput(await nodeJsonBody(c)));
    if (!outcome.ok) return c.json(outcome.issues, 400);
    return c.body(answer, 200, json);
  });
  // 4. + the localised lines.
  app.post("/phase/lines", async (c) => {
    const outcome = calculate(toInput(await nodeJsonBody(c)));
    if (!outcome.ok) return c.json(outcome.issues, 400);
    const lines = outcome.results.map((result) => toCalculationLine(result, "en"));
    if (lines.length === 0) return c.json({}, 500);
    return c.body(answer, 200, json);
  });
  // 5. = /floor (+ serialising the answer and its id).
  // 1. the body read straight from Node's stream, as /floor and the service's readJsonBody do.
  app.post("/phase/node-body", async (c) => {
    const body = await nodeJsonBody(c);
    return c.json({ ok: true, received: body.userProfile?.postalCode });
  });
  // The floor as it was to 25 November 2026: the body read through a Web Request.
  app.post("/phase/floor-web-body", async (c) => {
    const outcome = calculate(toInput(await c.req.json()));
    if (!outcome.ok) return c.json(outcome.issues, 400);
    const lines = outcome.results.map((result) => toCalculationLine(result, "en"));
    return c.body(JSON.stringify({ calculationId: randomUUID(), lines }), 200, json);
  });
  app.post("/phase/prepare", async (c) => {
    answer = await c.req.text();
    return c.json({ ok: true });
  });
  // An orderly exit on SIGINT, so that --cpu-prof writes its profile (CARTAX_FLOOR_PROFILE).
  process.once("SIGINT", () => process.exit(0));
  app.get("/stats", (c) => {
    const cpu = process.cpuUsage();
    return c.json({ userMicros: cpu.user, systemMicros: cpu.system, requests, gcMs });
  });
}

serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  process.stderr.write(`listening on http://127.0.0.1:${info.port}\n`);
});
