/**
 * README: "The reference of every endpoint is at /docs (OpenAPI 3.1 document at /v1/openapi.json; both open
 * without a key)" and "Bounds of every CarDetail field are published in the OpenAPI document"; GET /metrics.
 * The bounds test reads the published bounds and checks that the service enforces exactly them.
 */
import { describe, expect, it } from "vitest";
import { bb, call, expectValidation, petrolCar } from "./helpers";

interface PropertySchema {
  type?: string | string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

async function carDetailInputSchema(): Promise<Record<string, PropertySchema>> {
  const res = await fetch(`${bb.baseUrl}/openapi.json`);
  // biome-ignore lint/suspicious/noExplicitAny: the published document is untyped JSON
  const doc: any = await res.json();
  let schema = doc.paths["/v1/CarDetails"].post.requestBody.content["application/json"].schema;
  // A named component is a local reference ("#/components/schemas/CarDetailInput").
  if (typeof schema.$ref === "string")
    schema = schema.$ref
      .slice(2)
      .split("/")
      .reduce((node: Record<string, unknown>, key: string) => node[key], doc);
  return schema.properties;
}

describe("published documents", () => {
  it("/v1/openapi.json (OpenAPI 3.1) and /docs open without a key", async () => {
    const doc = await fetch(`${bb.baseUrl}/openapi.json`);
    expect(doc.status).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: the published document is untyped JSON
    const json: any = await doc.json();
    expect(String(json.openapi)).toMatch(/^3\.1/);
    for (const path of [
      "/v1/CarDetails",
      "/v1/CarDetails/{carDetailId}",
      "/v1/Calculate",
      "/v1/GetTaxMatrix",
      "/v1/PublicLink",
      "/v1/Qr",
    ]) {
      expect(Object.keys(json.paths)).toContain(path);
    }
    const docs = await fetch(`${bb.origin}/docs`);
    expect(docs.status).toBe(200);
    expect(docs.headers.get("content-type") ?? "").toMatch(/text\/html/);
  });

  it("/metrics answers Prometheus text with request counts", async () => {
    await call("GET", "/CarDetails/00000000-0000-4000-8000-000000000000");
    const res = await fetch(`${bb.origin}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type") ?? "").toMatch(/^text\/plain/);
    expect(await res.text()).toMatch(/^# (HELP|TYPE) /m);
  });
});

describe("CarDetail bounds published in the OpenAPI document are enforced", () => {
  it("one past each numeric minimum/maximum is a 400 naming the field with rule min/max; maxLength + 1 likewise", async () => {
    const properties = await carDetailInputSchema();
    let checked = 0;
    for (const [field, schema] of Object.entries(properties)) {
      const integer = [schema.type].flat().includes("integer");
      const step = integer ? 1 : 0.01;
      if (typeof schema.maximum === "number") {
        const answer = await call("POST", "/CarDetails", {
          body: petrolCar({ [field]: schema.maximum + step }),
        });
        expectValidation(answer, field, "max");
        checked++;
      }
      if (typeof schema.minimum === "number") {
        const answer = await call("POST", "/CarDetails", {
          body: petrolCar({ [field]: schema.minimum - step }),
        });
        expectValidation(answer, field, "min");
        checked++;
      }
      if (typeof schema.maxLength === "number") {
        const answer = await call("POST", "/CarDetails", {
          body: petrolCar({ [field]: "n".repeat(schema.maxLength + 1) }),
        });
        expectValidation(answer, field, "max");
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it("a value at each published bound is not rejected for that bound", async () => {
    const properties = await carDetailInputSchema();
    for (const [field, schema] of Object.entries(properties)) {
      for (const bound of [schema.minimum, schema.maximum]) {
        if (typeof bound !== "number") continue;
        const answer = await call("POST", "/CarDetails", { body: petrolCar({ [field]: bound }) });
        const errors: Array<{ field: string; rule: string }> = answer.json?.errors ?? [];
        const boundErrors = errors.filter((e) => e.field === field && (e.rule === "min" || e.rule === "max"));
        expect(boundErrors, `${field}=${bound}: ${answer.text}`).toEqual([]);
        expect(answer.status).toBeLessThan(500);
      }
    }
  });
});
