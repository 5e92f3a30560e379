#!/usr/bin/env node
// Two builds of the service give the same HTTP answers: the service counterpart of
// engine-identical.mjs, for a change meant to be behaviour-neutral (a move, a refactoring):
//   node bench/http-identical.mjs <checkout A> <checkout B> [--keep] [--verbose]
// A checkout is a repository root with its packages and `apps/api/dist` built (`pnpm build`). Each
// side gets a fresh SQLite folder with one subscription (made by its own storage package, as the
// operator CLI makes it), its built server on a free port, and the same recorded scenario: every
// operation and page of the service, in the order a client would call them (a car stored, then
// calculated, projected, compared, shared, printed as a QR card…), with their usual failures (400,
// 401, 404, 405, 413, 415). Each answer is compared on its status, content type, the headers a
// client reads, and its body: text with ids, public-link tokens and timestamps replaced by their
// order of appearance (`<id:3>`), binary bodies by their SHA-256 (a QR card by its size: it holds
// its own link), /metrics by the names it exports and /health by its keys (their values are the
// machine's); the simulator's bundled script is only said to differ (bundleNote). Exit 0 with "0 differences", else 1
// with each difference. It measures nothing.
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { startServer, stopServer } from "./service-under-load.mjs";

const args = process.argv.slice(2);
const [first, second] = args.filter((a) => !a.startsWith("--"));
if (!first || !second) {
  console.error("usage: node bench/http-identical.mjs <checkout A> <checkout B> [--keep] [--verbose]");
  process.exit(2);
}

const car = {
  name: "Golf 1.5 TSI",
  catalogPrice: 40000,
  firstRegistration: "2025-03-01",
  fuel: "Petrol",
  euroStandard: "Euro6",
  kilowatt: 110,
  wltp: 130,
  nedC2: 0,
  capacity: 1498,
};
const electric = {
  ...car,
  name: "ID.3",
  fuel: "Electric",
  wltp: 0,
  capacity: 1,
  kilowatt: 150,
  catalogPrice: 45000,
};
const profile = {
  postalCode: 9000,
  status: "SelfEmployed",
  registrationOn: "CompanyRegistration",
  regionRegistration: "Flanders",
  language: "en",
};
const options = { registrationDate: "2025-03-01" };
const calculation = { carDetail: car, userProfile: profile, options };

/**
 * The recorded scenario. Each step is a request; `$name` in a path or body is a value an earlier
 * answer gave (`save` keeps it), so both sides ask for their own ids.
 */
const steps = [
  // Pages and documents that need no key.
  { get: "/" },
  { get: "/docs" },
  { get: "/docs/swagger-ui.css" },
  { get: "/docs/swagger-ui-bundle.js" },
  { get: "/docs/swagger-ui-standalone-preset.js" },
  { get: "/docs/init.js" },
  { get: "/v1/openapi.json" },
  { get: "/health" },
  { get: "/problems/not-found" },
  { get: "/problems/no-such-problem" },
  { get: "/rules" },
  { get: "/rules?lang=fr" },
  { get: "/rules/nl" },
  { get: "/rules/flanders/registration-tax" },
  { get: "/rules/flanders/registration-tax?lang=nl" },
  { get: "/rules/federal/benefit-in-kind" },
  { get: "/rules/flanders/registration-tax/minimum" },
  { get: "/rules/nowhere/nothing" },
  { get: "/simulator", headers: { "accept-language": "fr-BE,fr;q=0.9" } },
  { get: "/simulator/en" },
  { get: "/simulator/nl?catalogPrice=40000&fuel=Petrol&wltp=130&kilowatt=110&firstRegistration=2025-03-01" },
  { get: "/simulator/fr?catalogPrice=abc" },
  { get: "/simulator/simulator.js" },
  { get: "/nowhere" },
  { method: "DELETE", path: "/v1/Calculate" },
  // Car details.
  { post: "/v1/CarDetails", body: car, save: { car: "id" } },
  { post: "/v1/CarDetails", body: electric, save: { electric: "id" } },
  {
    post: "/v1/CarDetails",
    body: { ...car, firstRegistration: "2025-06-01", name: "Late" },
    save: { late: "id" },
  },
  { post: "/v1/CarDetails?priceBasis=incl-vat", body: { ...car, name: "incl" } },
  { post: "/v1/CarDetails", body: { ...car, fuel: "Steam" } },
  { post: "/v1/CarDetails", raw: "{not json", type: "application/json" },
  { post: "/v1/CarDetails", raw: "a=b", type: "application/x-www-form-urlencoded" },
  { get: "/v1/CarDetails/$car" },
  { get: "/v1/CarDetails/$car?priceBasis=incl-vat" },
  { get: "/v1/CarDetails/3fa85f64-5717-4562-b3fc-2c963f66afa6" },
  { get: "/v1/CarDetails/not-a-guid" },
  { get: "/v1/CarDetails/$car", key: false },
  { get: "/v1/CarDetails/$car", key: "wrong-key" },
  { method: "PUT", path: "/v1/CarDetails/$electric", body: { ...electric, catalogPrice: 46000 } },
  // Calculations.
  { post: "/v1/Calculate", body: calculation, save: { calculation: "calculationId" } },
  { post: "/v1/Calculate?include=parameters", body: calculation },
  { post: "/v1/Calculate", body: calculation, headers: { "accept-encoding": "gzip" } },
  {
    post: "/v1/Calculate?priceBasis=incl-vat",
    body: { ...calculation, userProfile: { ...profile, language: "fr" } },
  },
  {
    post: "/v1/Calculate",
    body: { carDetailId: "$car", userProfile: { ...profile, language: "nl" }, options },
  },
  { post: "/v1/Calculate", body: { carDetailId: "$late", userProfile: profile, options } },
  {
    post: "/v1/Calculate",
    body: { ...calculation, userProfile: { ...profile, regionRegistration: "Wallonia", postalCode: 5000 } },
  },
  { post: "/v1/Calculate", body: { ...calculation, options: { registrationDate: "2028-03-01" } } },
  {
    post: "/v1/Calculate",
    body: { carDetailId: "3fa85f64-5717-4562-b3fc-2c963f66afa6", userProfile: profile, options },
  },
  { post: "/v1/Calculate", body: { ...calculation, carDetail: { ...car, kilowatt: -1 } } },
  { post: "/v1/Calculate", body: { ...calculation, carDetail: { ...car, firstRegistration: "2026-01-01" } } },
  { post: "/v1/Calculate", body: calculation, key: false },
  {
    post: "/v1/Calculate/batch",
    type: "application/x-ndjson",
    raw: [
      JSON.stringify(calculation),
      JSON.stringify({ carDetailId: "$car", userProfile: profile, options }),
      JSON.stringify({ carDetailId: "3fa85f64-5717-4562-b3fc-2c963f66afa6", userProfile: profile, options }),
      "{not json",
      "",
      JSON.stringify({ ...calculation, carDetail: { ...car, kilowatt: "x" } }),
    ].join("\n"),
  },
  {
    post: "/v1/Calculate/batch?include=parameters",
    type: "application/x-ndjson",
    raw: `${JSON.stringify(calculation)}\n`,
  },
  { post: "/v1/Calculate/batch", type: "application/x-ndjson", raw: "" },
  { post: "/v1/Calculate/batch", body: calculation },
  { get: "/v1/Calculations/$calculation" },
  { get: "/v1/Calculations/3fa85f64-5717-4562-b3fc-2c963f66afa6" },
  // Projections.
  {
    post: "/v1/Projection",
    body: { ...calculation, options: { ...options, years: 5 } },
    save: { projection: "projectionId" },
  },
  {
    post: "/v1/Projection?include=parameters",
    body: { ...calculation, options: { ...options, years: 6, assumeLatestRules: true } },
  },
  { post: "/v1/Projection", body: { carDetailId: "$car", userProfile: profile, options } },
  { post: "/v1/Projection", body: { carDetailId: "$late", userProfile: profile, options } },
  {
    post: "/v1/Projection",
    body: { ...calculation, carDetail: { ...car, firstRegistration: "2026-01-01" } },
  },
  { post: "/v1/Projection", body: { ...calculation, options: { ...options, years: 11 } } },
  { get: "/v1/Projections/$projection" },
  { get: "/v1/Projections/3fa85f64-5717-4562-b3fc-2c963f66afa6" },
  // Comparisons.
  {
    post: "/v1/Compare",
    body: {
      cars: [{ carDetailId: "$car" }, { carDetail: electric }],
      userProfile: profile,
      options: { ...options, years: 4, assumeLatestRules: true },
    },
    save: { comparison: "comparisonId" },
  },
  {
    post: "/v1/Compare?include=parameters",
    body: {
      cars: [{ carDetail: car }, { carDetailId: "$electric" }],
      userProfile: profile,
      options: { ...options, rankBy: "BenefitInKind" },
    },
  },
  {
    post: "/v1/Compare",
    headers: { accept: "text/csv" },
    body: {
      cars: [{ carDetailId: "$car" }, { carDetail: electric }],
      userProfile: { ...profile, language: "fr" },
      options,
    },
  },
  {
    post: "/v1/Compare",
    body: {
      cars: [{ carDetailId: "$late" }, { carDetail: { ...car, firstRegistration: "2026-01-01" } }],
      userProfile: profile,
      options,
    },
  },
  { post: "/v1/Compare", body: { cars: [{ carDetail: car }], userProfile: profile, options } },
  {
    post: "/v1/Compare",
    body: {
      cars: [{ carDetail: car }, { carDetailId: "3fa85f64-5717-4562-b3fc-2c963f66afa6" }],
      userProfile: profile,
      options,
    },
  },
  { get: "/v1/Comparisons/$comparison" },
  { get: "/v1/Comparisons/$comparison/csv" },
  { get: "/v1/Comparisons/3fa85f64-5717-4562-b3fc-2c963f66afa6" },
  // The tax matrix.
  { get: "/v1/GetTaxMatrix?id=$car&registrationDate=2025-03-01" },
  { get: "/v1/GetTaxMatrix?id=$electric&registrationDate=2026-07-01" },
  { get: "/v1/GetTaxMatrix?id=$car&registrationDate=2025-02-30" },
  { get: "/v1/GetTaxMatrix?id=3fa85f64-5717-4562-b3fc-2c963f66afa6&registrationDate=2025-03-01" },
  // Sharing and the public pages.
  { get: "/v1/PublicLink?cardetailid=$car", save: { carPage: "url" } },
  { get: "/v1/PublicLink?comparisonid=$comparison", save: { comparisonPage: "url" } },
  { get: "/v1/PublicLink?cardetailid=$car&comparisonid=$comparison" },
  { get: "/v1/PublicLink" },
  { get: "/v1/PublicLink?cardetailid=3fa85f64-5717-4562-b3fc-2c963f66afa6" },
  { get: "$carPage", key: false },
  { get: "$carPage?lang=fr", key: false },
  { get: "$carPage/", key: false, headers: { "accept-language": "nl-BE" } },
  { get: "$comparisonPage", key: false },
  { get: "$comparisonPage?lang=nl", key: false },
  { get: "/p/no-such-token", key: false },
  // QR cards.
  { post: "/v1/Qr", body: { carDetailId: "$car" }, save: { qr: "location" } },
  {
    post: "/v1/Qr",
    body: {
      carDetailId: "$car",
      captionLine1: "Golf",
      captionLine2: "1.5 TSI",
      qrCodeWidth: 300,
      qrCodeHeight: 300,
    },
  },
  { post: "/v1/Qr", body: { carDetailId: "3fa85f64-5717-4562-b3fc-2c963f66afa6" } },
  { get: "$qr", key: false },
  // Last: the metrics of everything above (their names; the values are the machine's).
  { get: "/metrics" },
];

/** Headers a client reads; the others (Date, Content-Length of a compressed body…) are the moment's. */
const HEADERS = [
  "content-type",
  "content-encoding",
  "content-disposition",
  "content-language",
  "content-location",
  "location",
  "allow",
  "vary",
  "cache-control",
  "content-security-policy",
  "www-authenticate",
  "retry-after",
  "cartax-qr-size",
  "cartax-qr-size-adjusted",
  "x-content-type-options",
  "referrer-policy",
];

/** One side: its own database and key, its own server, its own ids. */
async function side(root) {
  const { openStorage } = await import(pathToFileURL(path.join(root, "packages/storage/dist/index.js")).href);
  const dataDir = fs.mkdtempSync(path.join((await import("node:os")).tmpdir(), "cartax-identical-"));
  const storage = await openStorage({ dataDir });
  const { primaryKey } = await storage.subscriptions.create({
    name: "http-identical",
    environment: "acceptance",
    calculationAccess: true,
  });
  await storage.close();
  const server = await startServer(path.join(root, "apps/api/dist/server.js"), {
    env: { CARTAX_DATA_DIR: dataDir, CARTAX_PUBLIC_BASE_URL: "http://cartax.test" },
  });
  return { root, dataDir, key: primaryKey, server, saved: {} };
}

/** `$name` replaced by what an earlier answer gave this side. */
function fill(text, saved) {
  return text.replace(/\$([a-zA-Z]+)/g, (whole, name) => (name in saved ? saved[name] : whole));
}

/** A public URL of this side (`http://cartax.test/p/…`) as a path of its server. */
const local = (value) => value.replace(/^http:\/\/cartax\.test/, "");

function send(base, method, target, headers, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(target, base), { method, headers }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

async function run(step, s) {
  const method = step.method ?? (step.post ? "POST" : "GET");
  let target = local(fill(step.path ?? step.post ?? step.get, s.saved));
  // The key goes to the API (/v1/…) only: a page is opened without one.
  const key = step.key === undefined ? (target.startsWith("/v1/") ? s.key : false) : step.key;
  if (key) target += `${target.includes("?") ? "&" : "?"}subscription-key=${key}`;
  const headers = { ...(step.headers ?? {}) };
  let body;
  if (step.raw !== undefined) body = fill(step.raw, s.saved);
  else if (step.body !== undefined) body = fill(JSON.stringify(step.body), s.saved);
  if (body !== undefined) headers["content-type"] = step.type ?? "application/json";
  const answer = await send(s.server.url, method, target, headers, body);
  for (const [name, field] of Object.entries(step.save ?? {})) {
    const value =
      field === "location" ? answer.headers.location : JSON.parse(answer.body.toString("utf8"))[field];
    if (typeof value === "string") s.saved[name] = local(value);
  }
  return answer;
}

/** Replaces what differs from run to run by its order of appearance on this side. */
function normaliser() {
  const seen = new Map();
  const name = (kind, value) => {
    const k = `${kind}:${value.toLowerCase()}`;
    if (!seen.has(k)) seen.set(k, `<${kind}:${seen.size + 1}>`);
    return seen.get(k);
  };
  return (text) =>
    text
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, (v) => name("id", v))
      .replace(/\/p\/([A-Za-z0-9_-]{12,})/g, (_, v) => `/p/${name("token", v)}`)
      .replace(/\/v1\/Qr\/([A-Za-z0-9_.-]{12,})/g, (_, v) => `/v1/Qr/${name("qr", v)}`)
      .replace(/ctx_[a-z]+_[A-Za-z0-9]{20,}/g, "<key>")
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})/g, "<time>");
}

const TEXT = /^(text\/|application\/(json|problem\+json|x-ndjson|javascript))/;

/** The body as sent before compression (the compressed bytes hold each side's own ids). */
function decoded(answer) {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "gzip") return zlib.gunzipSync(answer.body);
  if (encoding === "br") return zlib.brotliDecompressSync(answer.body);
  if (encoding === "deflate") return zlib.inflateSync(answer.body);
  return answer.body;
}

/**
 * The simulator's browser program is code, not an answer: a module moved to another folder (esbuild
 * orders a bundle's modules by their imports and names the minified identifiers after them) or a
 * function rewritten changes its bytes and not what it does. What it does is compared all the same:
 * the server renders the simulator's pages and first answer with the very modules it bundles
 * (`/simulator/{lang}?…` above, byte for byte), and its browser tests run it against the API. Here
 * it must only be served; a change of its bytes is said, not counted.
 */
function bundleNote(a, b) {
  return a === b
    ? ""
    : `note: /simulator/simulator.js differs in bytes (${a.length} → ${b.length}): its code changed`;
}

/** What is compared of one answer. */
function shape(step, answer, normalise) {
  const type = answer.headers["content-type"] ?? "";
  const headers = {};
  for (const h of HEADERS)
    if (answer.headers[h] !== undefined) headers[h] = normalise(String(answer.headers[h]));
  let body;
  // A QR card holds its public link, whose token is each side's own: its size is compared.
  if (type.startsWith("image/png"))
    body = `png ${answer.body.readUInt32BE(16)}x${answer.body.readUInt32BE(20)}`;
  else if (!TEXT.test(type)) body = `sha256:${createHash("sha256").update(answer.body).digest("hex")}`;
  else body = normalise(decoded(answer).toString("utf8"));
  const plain = step.get ?? step.path ?? step.post;
  if (plain === "/metrics")
    body = body
      .split("\n")
      .filter((l) => l.startsWith("# TYPE"))
      .join("\n");
  if (plain === "/health") body = Object.keys(JSON.parse(body)).join(",");
  return { status: answer.status, headers, body };
}

function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 80);
  return `at character ${i}:\n      A …${a.slice(from, i + 120)}…\n      B …${b.slice(from, i + 120)}…`;
}

const roots = [path.resolve(first), path.resolve(second)];
const sides = [];
let differences = 0;
const notes = [];
try {
  for (const root of roots) sides.push(await side(root));
  const normalisers = sides.map(() => normaliser());
  console.log(`cartax HTTP answers: ${steps.length} requests\nA = ${roots[0]}\nB = ${roots[1]}`);
  for (const step of steps) {
    const shapes = [];
    for (const [i, s] of sides.entries()) shapes.push(shape(step, await run(step, s), normalisers[i]));
    const [a, b] = shapes;
    const label = `${step.method ?? (step.post ? "POST" : "GET")} ${step.path ?? step.post ?? step.get}`;
    const parts = [];
    if (a.status !== b.status) parts.push(`status ${a.status} ≠ ${b.status}`);
    const ha = JSON.stringify(a.headers);
    const hb = JSON.stringify(b.headers);
    if (ha !== hb) parts.push(`headers ${firstDifference(ha, hb)}`);
    if (label === "GET /simulator/simulator.js") {
      notes.push(bundleNote(a.body, b.body));
      a.body = b.body;
    }
    if (a.body !== b.body) parts.push(`body ${firstDifference(a.body, b.body)}`);
    if (args.includes("--verbose"))
      console.log(`  ${a.status} ${label}  ${a.body.slice(0, 160).replace(/\s+/g, " ")}`);
    if (parts.length > 0) {
      differences += 1;
      console.log(`\n✗ ${label} (${a.status})\n    ${parts.join("\n    ")}`);
    }
  }
} finally {
  for (const s of sides) {
    await stopServer(s.server);
    if (!args.includes("--keep")) fs.rmSync(s.dataDir, { recursive: true, force: true });
  }
}
for (const note of notes.filter(Boolean)) console.log(`\n${note}`);
console.log(`\n${differences} differences in ${steps.length} answers`);
process.exit(differences === 0 ? 0 : 1);
