import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect, inject } from "vitest";

export const bb = inject("bb");

export type KeyIn = "query" | "header" | "none";

export interface CallOptions {
  key?: string;
  keyIn?: KeyIn;
  body?: unknown;
  /** Sent as is (no JSON encoding). */
  rawBody?: string | Uint8Array;
  contentType?: string | null;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  bytes: Uint8Array;
  // biome-ignore lint/suspicious/noExplicitAny: black-box answers are untyped JSON
  json: any;
}

/** One HTTP call under {base_url} (path starts with "/"), or an absolute URL. */
export async function call(method: string, pathOrUrl: string, options: CallOptions = {}): Promise<Answer> {
  const url = new URL(pathOrUrl.startsWith("http") ? pathOrUrl : `${bb.baseUrl}${pathOrUrl}`);
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const keyIn = options.keyIn ?? "query";
  const key = options.key ?? bb.main.primaryKey;
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (keyIn === "query") url.searchParams.set("subscription-key", key);
  if (keyIn === "header") headers["Ocp-Apim-Subscription-Key"] = key;
  let body: string | Uint8Array | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && options.contentType !== null) {
    headers["Content-Type"] = options.contentType ?? "application/json";
  }
  const res = await fetch(url, { method, headers, body, redirect: "manual" });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, bytes, json };
}

/** RFC 9457 problem details as the README describes them. */
export function expectProblem(answer: Answer, status: number, code?: string): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get("content-type") ?? "").toMatch(/^application\/problem\+json/);
  expect(answer.json).toMatchObject({ status });
  expect(typeof answer.json.type).toBe("string");
  expect(typeof answer.json.title).toBe("string");
  if (code) expect(answer.json.code).toBe(code);
  expect(answer.json.instance).toMatch(/^urn:cartax:request:/);
}

/** 400 validation_error naming the field (and rule, when given) in `errors`. */
export function expectValidation(answer: Answer, field: string, rule?: string): void {
  expectProblem(answer, 400, "validation_error");
  const errors: Array<{ field: string; rule: string; message: string }> = answer.json.errors ?? [];
  const hit = errors.find((e) => e.field === field || e.field.endsWith(`.${field}`));
  expect(hit, `errors should name ${field}: ${answer.text}`).toBeDefined();
  if (rule) expect(hit?.rule, answer.text).toBe(rule);
  expect(typeof hit?.message).toBe("string");
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A valid petrol car first registered in 2025 (the README's quick-start car). */
export function petrolCar(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Blackbox Petrol",
    internalName: "bb-petrol",
    catalogPrice: 40000,
    firstRegistration: "2025-03-01",
    fuel: "Petrol",
    euroStandard: "Euro6",
    kilowatt: 110,
    wltp: 130,
    nedC2: 0,
    capacity: 1498,
    weight: 1400,
    ...overrides,
  };
}

export function electricCar(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Blackbox EV",
    catalogPrice: 45000,
    firstRegistration: "2025-03-01",
    fuel: "Electric",
    euroStandard: "NA",
    kilowatt: 150,
    wltp: 0,
    nedC2: 0,
    weight: 1900,
    ...overrides,
  };
}

export function profile(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    postalCode: 9000,
    status: "SelfEmployed",
    registrationOn: "CompanyRegistration",
    regionRegistration: "Flanders",
    language: "en",
    ...overrides,
  };
}

export async function createCar(
  car: Record<string, unknown> = petrolCar(),
  key = bb.main.primaryKey,
): Promise<string> {
  const answer = await call("POST", "/CarDetails", { body: car, key });
  expect(answer.status, answer.text).toBe(201);
  const id = answer.json?.id ?? answer.headers.get("location")?.split("/").pop();
  expect(id).toMatch(UUID_RE);
  return id as string;
}

export async function calculate(body: unknown, key = bb.main.primaryKey): Promise<Answer> {
  return call("POST", "/Calculate", { body, key });
}

const execFileAsync = promisify(execFile);

/** The operator CLI on the suite's data folder (README: `pnpm --silent cartax …`). */
export async function cli(args: string[], env: Record<string, string> = {}): Promise<unknown> {
  const { stdout } = await execFileAsync(
    process.execPath,
    [path.join(bb.repoRoot, "scripts/cartax.mjs"), ...args],
    {
      cwd: bb.repoRoot,
      env: { ...process.env, CARTAX_DATA_DIR: bb.dataDir, ...env },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return stdout.trim() ? JSON.parse(stdout) : undefined;
}

/** Seeded PRNG (mulberry32) for deterministic randomized tests. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
