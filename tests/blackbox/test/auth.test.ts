/**
 * Spec "Authentication" 1–7, 10; docs/operations.md "Subscriptions and keys" and docs/contract.md "Authentication" (keys, gates), /health.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { bb, type CallOptions, call, createCar, expectProblem, petrolCar, profile } from "./helpers";

let carId: string;

beforeAll(async () => {
  carId = await createCar();
});

/** One request per endpoint of the spec, built for a given key. */
function endpoints(): Array<[string, string, string, CallOptions]> {
  const calc = {
    carDetailId: carId,
    userProfile: profile(),
    options: { registrationDate: "2025-03-01" },
  };
  return [
    ["GET /CarDetails/{id}", "GET", `/CarDetails/${carId}`, {}],
    ["POST /CarDetails", "POST", "/CarDetails", { body: petrolCar() }],
    ["PUT /CarDetails/{id}", "PUT", `/CarDetails/${carId}`, { body: petrolCar() }],
    ["POST /Calculate", "POST", "/Calculate", { body: calc }],
    ["GET /GetTaxMatrix", "GET", "/GetTaxMatrix", { query: { id: carId } }],
    ["GET /PublicLink", "GET", "/PublicLink", { query: { cardetailid: carId } }],
    ["POST /Qr", "POST", "/Qr", { body: { carDetailId: carId } }],
  ];
}

describe("401 gates (spec Authentication 7: missing or invalid key, inactive subscription)", () => {
  it("every endpoint answers 401 problem+json without a key", async () => {
    for (const [label, method, path, options] of endpoints()) {
      const answer = await call(method, path, { ...options, keyIn: "none" });
      expect(answer.status, label).toBe(401);
      expectProblem(answer, 401, "unauthorized");
    }
  });

  it("every endpoint answers 401 for an unknown key", async () => {
    const key = `ctx_acc_${"A".repeat(43)}`;
    for (const [label, method, path, options] of endpoints()) {
      const answer = await call(method, path, { ...options, key });
      expect(answer.status, label).toBe(401);
    }
  });

  it("every endpoint answers 401 for an inactive subscription (query and header)", async () => {
    for (const keyIn of ["query", "header"] as const) {
      for (const [label, method, path, options] of endpoints()) {
        const answer = await call(method, path, { ...options, key: bb.inactive.primaryKey, keyIn });
        expect(answer.status, `${label} (${keyIn})`).toBe(401);
      }
    }
  });

  it("a key of the other environment answers 401 (spec Authentication 3)", async () => {
    // The suite runs on the acceptance environment (README default): a production-shaped key of the
    // same random part as a valid acceptance key must not work.
    const prdKey = bb.main.primaryKey.replace(/^ctx_acc_/, "ctx_prd_");
    const answer = await call("GET", `/CarDetails/${carId}`, { key: prdKey });
    expectProblem(answer, 401, "unauthorized");
  });

  it("Calculate and GetTaxMatrix answer 401 without calculation access (spec Authentication 5, 7)", async () => {
    for (const [label, method, path, options] of endpoints()) {
      if (!label.includes("Calculate") && !label.includes("GetTaxMatrix")) continue;
      const answer = await call(method, path, { ...options, key: bb.noCalc.primaryKey });
      expectProblem(answer, 401, "unauthorized");
    }
  });

  it("car detail, public link and QR endpoints need only an active subscription (spec Authentication 6)", async () => {
    // noCalc is in the same account as main, so it sees main's car.
    const expected: Record<string, number> = {
      "GET /CarDetails/{id}": 200,
      "POST /CarDetails": 201,
      "PUT /CarDetails/{id}": 200,
      "GET /PublicLink": 200,
      "POST /Qr": 201,
    };
    for (const [label, method, path, options] of endpoints()) {
      const status = expected[label];
      if (status === undefined) continue;
      const answer = await call(method, path, { ...options, key: bb.noCalc.primaryKey });
      expect(answer.status, `${label}: ${answer.text}`).toBe(status);
    }
  });
});

describe("key transports (spec Authentication 1, 2, 4)", () => {
  it("query parameter subscription-key works for every method", async () => {
    for (const [label, method, path, options] of endpoints()) {
      const answer = await call(method, path, { ...options, keyIn: "query" });
      expect(answer.status, `${label}: ${answer.text}`).toBeLessThan(300);
    }
  });

  it("header Ocp-Apim-Subscription-Key works for every method", async () => {
    for (const [label, method, path, options] of endpoints()) {
      const answer = await call(method, path, { ...options, keyIn: "header" });
      expect(answer.status, `${label}: ${answer.text}`).toBeLessThan(300);
    }
  });

  it("the secondary key is valid at the same time as the primary", async () => {
    const a = await call("GET", `/CarDetails/${carId}`, { key: bb.main.primaryKey });
    const b = await call("GET", `/CarDetails/${carId}`, { key: bb.main.secondaryKey });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.json).toEqual(a.json);
  });

  it("GET /health opens without a key", async () => {
    const res = await fetch(`${bb.origin}/health`);
    expect(res.status).toBe(200);
  });
});
