import { calculationRequestSchema, carDetailSchema, problemSchema } from "@cartax/schemas";
import { testDatabases } from "@cartax/storage/testing";
import { validate } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { calculationRequestExample, carDetailExample, problemExample } from "../../src/openapi/examples";
import { call, readJson, startTestService, type TestService } from "../../src/testing/test-service";

const [sqlite] = testDatabases();

describe("operations (SQLite)", () => {
  let service: TestService;
  beforeAll(async () => {
    if (sqlite) service = await startTestService(sqlite);
  });
  afterAll(async () => {
    await service.stop();
  });

  it("echoes a sane X-Request-Id, generates one otherwise, and puts it in problem instances", async () => {
    const echoed = await fetch(`${service.server.url}/health`, { headers: { "X-Request-Id": "abc-123" } });
    expect(echoed.headers.get("x-request-id")).toBe("abc-123");
    const generated = await fetch(`${service.server.url}/health`, {
      headers: { "X-Request-Id": "bad id" },
    });
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const problem = await call(`${service.base}/CarDetails/x`, undefined, {
      headers: { "X-Request-Id": "r-1" },
    });
    expect((await readJson(problem)).instance).toBe("urn:cartax:request:r-1");
  });

  it("serves Prometheus metrics with request counts and latency histograms by route and status", async () => {
    const { primaryKey } = await service.subscribe();
    await call(`${service.base}/CarDetails/3fa85f64-5717-4562-b3fc-2c963f66afa6`, primaryKey);
    await call(`${service.base}/no/such/path/${Math.random()}`, primaryKey);
    const response = await fetch(`${service.server.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(
      /cartax_http_requests_total\{method="GET",route="\/v1\/CarDetails\/:carDetailId",status="404"\} 1/,
    );
    expect(text).toMatch(
      /cartax_http_request_duration_seconds_bucket\{le="0\.01",method="GET",route="\/v1\/CarDetails\/:carDetailId",status="404"\}/,
    );
    expect(text).toContain('route="(unmatched)"');
    expect(text).not.toContain("no/such/path");
    // The process's runtime metrics (prom-client's defaults): memory, for operators and the soak.
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d+/m);
    expect(text).toMatch(/^nodejs_external_memory_bytes \d+/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it("answers a known path under another method with 405 and Allow", async () => {
    const { primaryKey } = await service.subscribe();
    const id = "3fa85f64-5717-4562-b3fc-2c963f66afa6";
    for (const [method, path, allow] of [
      ["DELETE", `/v1/CarDetails/${id}`, "GET, HEAD, PUT"],
      ["PATCH", `/v1/CarDetails/${id}`, "GET, HEAD, PUT"],
      ["GET", "/v1/Calculate", "POST"],
      ["POST", "/v1/GetTaxMatrix", "GET, HEAD"],
    ] as const) {
      const response = await call(`${service.server.url}${path}`, primaryKey, { method });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("allow")).toBe(allow);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect((await readJson(response)).code).toBe("method_not_allowed");
      // Without a key too: the method is wrong whoever asks (before, CarDetails answered 401).
      const anonymous = await fetch(`${service.server.url}${path}`, { method });
      expect(anonymous.status, `${method} ${path} without a key`).toBe(405);
    }
  });

  it("answers unknown paths with a problem+json 404", async () => {
    const response = await fetch(`${service.server.url}/v2/CarDetails`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
  });

  it("publishes a valid OpenAPI 3.1 document, open without a key, listing every route of the app", async () => {
    const response = await fetch(`${service.server.url}/v1/openapi.json`);
    expect(response.status).toBe(200);
    const document = await readJson(response);
    expect(document.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(document));
    expect(result.valid, JSON.stringify(result)).toBe(true);
    const documented = new Set<string>();
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(item))
        documented.add(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`);
    }
    const app = createApp(service.server.service, {
      registry: { metrics: async () => "", contentType: "" },
    } as never);
    const served = new Set(
      app.routes
        // A catch-all (`*`) answers the 404 page of a folder; it is not an operation.
        .filter((r) => r.method !== "ALL" && !r.path.startsWith("/docs/") && !r.path.endsWith("*"))
        .map((r) => `${r.method} ${r.path.replace(/\/$/, "") || "/"}`),
    );
    expect([...served].filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((r) => !served.has(r))).toEqual([]);
    expect(document.components.securitySchemes.subscriptionKey).toMatchObject({
      in: "query",
      name: "subscription-key",
    });
  });

  it("has examples that pass their schemas", () => {
    expect(carDetailSchema.safeParse(carDetailExample).success).toBe(true);
    expect(calculationRequestSchema.safeParse(calculationRequestExample).success).toBe(true);
    expect(problemSchema.safeParse(problemExample).success).toBe(true);
  });

  it("serves the reference page and its assets without a key and without network", async () => {
    const page = await fetch(`${service.server.url}/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const asset of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
      const url = asset[1] ?? "";
      expect(url.startsWith("/docs/"), url).toBe(true);
      const response = await fetch(`${service.server.url}${url}`);
      expect(response.status, url).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(10);
    }
    expect((await fetch(`${service.server.url}/docs/../package.json`)).status).toBe(404);
  });
});
