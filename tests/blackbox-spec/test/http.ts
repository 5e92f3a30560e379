/**
 * A thin HTTP client over Node's fetch, and the shapes of the contract (docs/contract.md) that the tests read.
 */
import { randomUUID } from "node:crypto";
import { expect, inject } from "vitest";

export const base = () => inject("base");
export const origin = () => inject("origin");
export const subs = () => inject("subs");

export type KeyVia = "query" | "header";

export interface CallOptions {
  method?: string;
  /** A JSON value (serialised) or a raw string (sent as is). */
  body?: unknown;
  raw?: string | Uint8Array;
  key?: string | null;
  via?: KeyVia;
  headers?: Record<string, string>;
  contentType?: string | null;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
  json: any;
}

/** Calls `{base_url}{path}` (path starts with "/"; may carry its own query string). */
export async function call(pathAndQuery: string, options: CallOptions = {}): Promise<Answer> {
  const url = new URL(pathAndQuery.startsWith("http") ? pathAndQuery : `${base()}${pathAndQuery}`);
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  const key = options.key === undefined ? subs().main.primaryKey : options.key;
  if (key !== null) {
    if ((options.via ?? "query") === "query") url.searchParams.append("subscription-key", key);
    else headers["Ocp-Apim-Subscription-Key"] = key;
  }
  let body: string | Uint8Array | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && options.contentType !== null) {
    headers["Content-Type"] = options.contentType ?? "application/json";
  }
  const res = await fetch(url, {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
    redirect: "manual",
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export const get = (p: string, o: CallOptions = {}) => call(p, { ...o, method: "GET" });
export const post = (p: string, body: unknown, o: CallOptions = {}) =>
  call(p, { ...o, method: "POST", body });
export const put = (p: string, body: unknown, o: CallOptions = {}) => call(p, { ...o, method: "PUT", body });

export const uuid = () => randomUUID();

/** docs/contract.md, Errors: RFC 9457 problem details with a stable code and instance. */
export function expectProblem(answer: Answer, status: number, code: string) {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get("content-type") ?? "").toMatch(/^application\/problem\+json/);
  expect(answer.json).toMatchObject({ status, code, type: `/problems/${code.replaceAll("_", "-")}` });
  expect(typeof answer.json.title).toBe("string");
  expect(answer.json.instance).toMatch(/^urn:cartax:request:/);
}

/** A 400 validation problem that names `field` with `rule` (docs/contract.md, Errors). */
export function expectValidation(answer: Answer, field: string, rule?: string) {
  expectProblem(answer, 400, "validation_error");
  expect(Array.isArray(answer.json.errors)).toBe(true);
  const entry = answer.json.errors.find((e: { field: string }) => e.field === field);
  expect(entry, `no error names ${field}: ${answer.text}`).toBeTruthy();
  if (rule) expect(entry.rule, answer.text).toBe(rule);
  expect(typeof entry.message).toBe("string");
  expect(entry.message.length).toBeGreaterThan(0);
}

// ---- fixtures: cars and profiles written from the spec's field tables ----

/** The README's quick-start car: petrol, 2025. */
export const petrolCar = () => ({
  name: "Compact petrol",
  internalName: "BB-PETROL",
  catalogPrice: 40000,
  firstRegistration: "2025-03-01",
  fuel: "Petrol",
  euroStandard: "Euro6",
  kilowatt: 110,
  wltp: 130,
  nedC2: 0,
  capacity: 1498,
  weight: 1600,
});

/** A battery-electric car first registered in 2026 (Flemish BIV 61.50 / road tax 102.96, below). */
export const electricCar2026 = () => ({
  name: "City EV",
  catalogPrice: 35000,
  firstRegistration: "2026-03-01",
  fuel: "Electric",
  euroStandard: "Euro6",
  kilowatt: 100,
  wltp: 0,
  nedC2: 0,
  weight: 1900,
});

/** A diesel car of 2019 (NEDC era, used car). */
export const dieselCar2019 = () => ({
  name: "Used diesel",
  catalogPrice: 32000,
  firstRegistration: "2019-05-15",
  fuel: "Diesel",
  euroStandard: "Euro6",
  kilowatt: 85,
  wltp: null,
  nedC2: 115,
  capacity: 1598,
  weight: 1750,
});

/** A plug-in hybrid of 2024 with every optional field. */
export const phevCar = () => ({
  name: "PHEV",
  internalName: "BB-PHEV",
  catalogPrice: 52000,
  firstRegistration: "2024-09-01",
  fuel: "PluginHybridPetrol",
  euroStandard: "Euro6",
  kilowatt: 150,
  wltp: 35,
  nedC2: 0,
  capacity: 1984,
  weight: 2100,
  batteryCapacity: 14.8,
  nedC2NonHybrid: 140,
  wltpNonHybrid: 160,
  isActive: true,
});

export const companyProfile = (extra: Record<string, unknown> = {}) => ({
  postalCode: 9000,
  status: "SelfEmployed",
  registrationOn: "CompanyRegistration",
  regionRegistration: "Flanders",
  language: "en",
  ...extra,
});

export interface Line {
  name: string;
  description: string | null;
  viewOption: string;
  value: string;
  rawValue: number;
  year: number;
  url: string | null;
  hasUrl: boolean;
  outcome?: string;
}

/** Creates a car detail with POST and returns its id. */
export async function createCar(car: Record<string, unknown>, key?: string): Promise<string> {
  const res = await post("/CarDetails", car, key === undefined ? {} : { key });
  expect(res.status, res.text).toBe(201);
  return res.json.id as string;
}

/** Runs Calculate and returns its lines (asserting 200). */
export async function calculate(request: Record<string, unknown>, key?: string): Promise<Line[]> {
  const res = await post("/Calculate", request, key === undefined ? {} : { key });
  expect(res.status, res.text).toBe(200);
  return res.json.lines as Line[];
}

/** Today in Belgium as yyyy-MM-dd. */
export function belgianToday(): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Brussels",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
}

/** A small deterministic PRNG (mulberry32) for the randomized tests. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
