#!/usr/bin/env node
// Two builds of the engine give the same answers: random requests through both, every answer
// compared as JSON text, byte for byte. For a change meant to be behaviour-neutral (a move, a
// refactoring, a faster path):
//   node bench/engine-identical.mjs <engine A: dist dir or index.js> <engine B: …> [requests] [seed] [--parts …] [--ignore-unpublished-wording] [--ignore-rules-version]
// Defaults: 30000 requests, seed 1. Each request is a car, a profile and dates drawn from a seeded
// generator (about one in eight made invalid on purpose: a field missing, out of range, of the
// wrong type, an enumeration by number or by an unknown name), run through `calculate` and
// `toCalculationLines` in nl, fr and en; every fourth also through `computeTaxMatrix` and
// `project`, every twenty-fifth through `compare` with two to five cars. The published tables
// (rule book, registry, texts) are compared once. Exit 0 with "0 differences", else 1 with the
// first differences. It measures nothing: run it on a quiet machine or not, the answer is the same.
import path from "node:path";
import { pathToFileURL } from "node:url";

// Flags: --parts calculate,lines,matrix (only those parts; default all) and
// --ignore-unpublished-wording (a change that rewords lines without published rules: their notes,
// details, reason and missingParameters are left out of the comparison, their outcome is not).
const flags = process.argv.slice(2).filter((arg) => arg.startsWith("--"));
const positional = process.argv
  .slice(2)
  .filter((arg, i, all) => !arg.startsWith("--") && !all[i - 1]?.startsWith("--parts"));
const partsFlag = process.argv.slice(2).find((_arg, i, all) => all[i - 1] === "--parts");
const PARTS = partsFlag ? new Set(partsFlag.split(",")) : undefined;
const IGNORE_UNPUBLISHED_WORDING = flags.includes("--ignore-unpublished-wording");
// --ignore-rules-version: a change that adds parameter rows moves RULES_VERSION on every result.
const IGNORE_RULES_VERSION = flags.includes("--ignore-rules-version");
const [first, second, countArg, seedArg] = positional;
if (!first || !second) {
  console.error(
    "usage: node bench/engine-identical.mjs <engine A dist|index.js> <engine B dist|index.js> [n] [seed]",
  );
  process.exit(2);
}
const entry = (p) => (p.endsWith(".js") || p.endsWith(".cjs") ? p : path.join(p, "index.js"));
const load = async (p) => import(pathToFileURL(path.resolve(entry(p))).href);
const A = await load(first);
const B = await load(second);
const COUNT = Number(countArg ?? 30_000);
let seed = Number(seedArg ?? 1) >>> 0;

// mulberry32: small, seeded, the same sequence on every machine.
function random() {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (min, max) => min + Math.floor(random() * (max - min + 1));
const pick = (list) => list[int(0, list.length - 1)];
const chance = (p) => random() < p;
const pad = (n) => String(n).padStart(2, "0");
const date = (fromYear, toYear) => `${int(fromYear, toYear)}-${pad(int(1, 12))}-${pad(int(1, 28))}`;
const daysBefore = (iso, days) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

const FUELS = A.enumNames(A.FuelType);
const EUROS = A.enumNames(A.EuroStandard);
const STATUSES = A.enumNames(A.ProfileStatus);
const HOLDERS = A.enumNames(A.RegistrationOn);
const REGIONS = A.enumNames(A.Region);
const LANGS = [...A.LANGUAGES];
const RANK_BY = [...A.CALCULATORS, "employerTaxes"];

function car(registrationDate) {
  const fuel = pick(FUELS);
  const zero = A.isZeroEmission(fuel);
  const ageMonths = chance(0.6) ? 0 : int(0, 600);
  const [y, m] = registrationDate.split("-").map(Number);
  const total = y * 12 + (m - 1) - ageMonths;
  const firstRegistration = `${Math.floor(total / 12)}-${pad((total % 12) + 1)}-${pad(int(1, 28))}`;
  const co2 = zero ? 0 : int(0, 350);
  const cycle = pick(["WLTP", "NEDC", "both"]);
  const wltpKnown = firstRegistration >= "2021-01-01" || cycle !== "NEDC";
  return {
    catalogPrice: int(5_000_00, 300_000_00) / 100,
    firstRegistration: ageMonths === 0 && chance(0.5) ? null : firstRegistration,
    fuel,
    euroStandard: pick(EUROS),
    kilowatt: int(20, 500),
    wltp: wltpKnown ? co2 : null,
    nedC2: cycle === "WLTP" && wltpKnown ? 0 : Math.round(co2 * 0.85),
    capacity: zero ? null : int(600, 7000),
    weight: chance(0.8) ? int(800, 3500) : null,
    batteryCapacity: A.isPluginHybrid(fuel) ? int(0, 400) / 10 : null,
  };
}

function request() {
  const registrationDate = date(2020, 2029);
  return {
    car: car(registrationDate),
    profile: {
      status: pick(STATUSES),
      registrationOn: pick(HOLDERS),
      region: pick(REGIONS),
      hasFuelCard: chance(0.5),
      ...(chance(0.3) ? { language: pick(LANGS) } : {}),
    },
    options: {
      registrationDate,
      ...(chance(0.7) ? { orderDate: daysBefore(registrationDate, int(0, 1100)) } : {}),
      ...(chance(0.4) ? { ownMonthlyCost: chance(0.2) ? null : int(0, 30000) / 100 } : {}),
      ...(chance(0.2) ? { viewOptions: int(0, 127) } : {}),
    },
  };
}

// An input made wrong in one place, as a careless caller would.
function spoil(input) {
  const copy = structuredClone(input);
  const part = pick(["car", "profile", "options"]);
  const keys = Object.keys(copy[part]);
  const key = pick(keys);
  switch (int(0, 6)) {
    case 0:
      delete copy[part][key];
      break;
    case 1:
      copy[part][key] = pick([-1, 0, 1e9, Number.NaN, "x", true, [], {}, "9999-12-31", "2021-02-30"]);
      break;
    case 2:
      copy.profile.region = pick([0, 1, 2, 3, 7, "flanders", "Wallonia", "Nowhere"]);
      break;
    case 3:
      copy.car.fuel = pick([0, 3, 12, "diesel", "PluginHybridPetrol", "Coal"]);
      break;
    case 4:
      copy.options.registrationDate = pick(["2020-12-31", "2029-01-01", "2024-13-01", "", null]);
      break;
    case 5:
      copy[part] = pick([null, undefined, 42, "car"]);
      break;
    default:
      copy.car.euroStandard = pick([0, 5, "euro6", "Euro7", null]);
  }
  return copy;
}

// With --ignore-unpublished-wording: a result or line without a figure for want of rules keeps its
// outcome and calculator, not its wording.
const UNPUBLISHED_NOTES = new Set(["rulesNotPublished", "parametersNotPublished"]);
const wordingLeftOut = (key, value) => {
  if (IGNORE_RULES_VERSION && key === "rulesVersion") return undefined;
  if (!IGNORE_UNPUBLISHED_WORDING) return value;
  if (value === null || typeof value !== "object" || value.outcome !== "rulesNotAvailable") return value;
  const { reason: _reason, missingParameters: _missing, explanation, ...rest } = value;
  if (explanation === undefined) return rest;
  const { details: _details, notes, ...kept } = explanation;
  return { ...rest, explanation: { ...kept, notes: notes.filter((n) => !UNPUBLISHED_NOTES.has(n)) } };
};

const answer = (engine, run) => {
  try {
    return JSON.stringify(
      run(engine),
      IGNORE_UNPUBLISHED_WORDING || IGNORE_RULES_VERSION ? wordingLeftOut : undefined,
    );
  } catch (error) {
    return `threw ${error?.name}: ${error?.message}`;
  }
};
const counts = { calculate: 0, lines: 0, matrix: 0, projection: 0, comparison: 0, tables: 0 };
const differences = [];
const same = (what, index, input, run) => {
  if (PARTS !== undefined && !PARTS.has(what)) return;
  counts[what]++;
  const a = answer(A, run);
  const b = answer(B, run);
  if (a !== b && differences.length < 5)
    differences.push({ what, index, input, a: a.slice(0, 400), b: b.slice(0, 400) });
  else if (a !== b) differences.push({ what, index });
};

same("tables", -1, null, (e) => ({
  exports: Object.keys(e).sort(),
  rulesVersion: e.RULES_VERSION,
  ruleBook: e.ruleBook(),
  tables: e.RULE_TABLES,
  pages: e.BOOK_PAGES,
  names: e.CALCULATOR_NAMES,
  notes: e.NOTE_TEXTS,
  ranges: [e.REGISTRATION_DATE_RANGE, e.FIRST_REGISTRATION_RANGE, e.ORDER_DATE_RANGE, e.CAR_DETAIL_LIMITS],
}));

for (let i = 0; i < COUNT; i++) {
  const valid = request();
  const input = chance(0.125) ? spoil(valid) : valid;
  same("calculate", i, input, (e) => e.calculate(input));
  for (const language of LANGS)
    same("lines", i, input, (e) => {
      const outcome = e.calculate(input);
      return outcome.ok ? e.toCalculationLines(outcome.results, language) : outcome;
    });
  if (i % 4 === 0) {
    const options = {
      registrationDate: input?.options?.registrationDate,
      orderDate: input?.options?.orderDate,
    };
    same("matrix", i, input, (e) => e.computeTaxMatrix(input?.car, options));
    const projection = { years: int(1, 10), assumeLatestRules: chance(0.5), language: pick(LANGS) };
    same("projection", i, { input, projection }, (e) => e.project(input, projection));
  }
  if (i % 25 === 0) {
    const cars = Array.from({ length: int(2, 5) }, (_, n) => ({ car: request().car, name: `car ${n}` }));
    const options = {
      ...valid.options,
      years: int(1, 6),
      rankBy: pick(RANK_BY),
      assumeLatestRules: chance(0.5),
    };
    same("comparison", i, { cars, options }, (e) => e.compare(cars, valid.profile, options));
  }
}

const total = Object.values(counts).reduce((s, n) => s + n, 0);
console.log(
  `${COUNT} requests, ${total} answers compared (${Object.entries(counts)
    .map(([k, n]) => `${k} ${n}`)
    .join(", ")}): ${differences.length} differences`,
);
if (differences.length > 0) {
  console.log(JSON.stringify(differences.slice(0, 5), null, 2));
  process.exit(1);
}
