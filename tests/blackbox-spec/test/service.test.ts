/**
 * docs/contract.md, The OpenAPI document and the service's own pages: /health, /v1/openapi.json, /docs (open without a key), /metrics,
 * Location headers built from CARTAX_PUBLIC_BASE_URL, and the versioned base path (spec Versioning 1).
 */
import { describe, expect, it } from "vitest";
import { base, get, origin, petrolCar, post } from "./http.ts";

describe("service endpoints outside /v1", () => {
  it("GET /health answers 200 JSON with the rules version, without a key", async () => {
    const res = await fetch(`${origin()}/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type") ?? "").toMatch(/^application\/json/);
    const body = (await res.json()) as { status: string; rulesVersion: unknown };
    expect(body.status).toBe("ok");
    expect(typeof body.rulesVersion).toBe("string");
  });

  it("the OpenAPI document opens without a key and describes every path of the spec", async () => {
    const res = await fetch(`${base()}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(String(doc.openapi)).toMatch(/^3\.1/);
    for (const p of [
      "/v1/CarDetails",
      "/v1/CarDetails/{carDetailId}",
      "/v1/Calculate",
      "/v1/GetTaxMatrix",
      "/v1/PublicLink",
      "/v1/Qr",
    ]) {
      expect(Object.keys(doc.paths), p).toContain(p);
    }
  });

  it("GET /docs opens without a key", async () => {
    const res = await fetch(`${origin()}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type") ?? "").toMatch(/text\/html/);
  });

  it("GET /metrics answers Prometheus text", async () => {
    const res = await fetch(`${origin()}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^# (HELP|TYPE) /m);
  });

  it("the metrics never contain a subscription key", async () => {
    await post("/CarDetails", petrolCar());
    const text = await (await fetch(`${origin()}/metrics`)).text();
    expect(text).not.toMatch(/ctx_(acc|prd)_[A-Za-z0-9]{10,}/);
  });
});

describe("versioning (spec Versioning 1)", () => {
  it("the operations live under /v1 only", async () => {
    const res = await fetch(`${origin()}/CarDetails`, { method: "POST" });
    expect(res.status).toBe(404);
    expect((await get("/CarDetails/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("Location headers use the configured public base URL (README CARTAX_PUBLIC_BASE_URL)", async () => {
    const res = await post("/CarDetails", petrolCar());
    expect(res.headers.get("location")?.startsWith(`${origin()}/v1/`)).toBe(true);
  });
});
