import { testDatabases } from "@cartax/storage/testing";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { petrolCar } from "../../src/testing/fixtures";
import { call, startTestService, type TestService } from "../../src/testing/test-service";

const [sqlite] = testDatabases();

const car = petrolCar;
const request = {
  carDetail: car,
  userProfile: {
    postalCode: 9000,
    status: "SelfEmployed",
    registrationOn: "CompanyRegistration",
    regionRegistration: "Flanders",
  },
  options: { registrationDate: "2025-03-01" },
};

/** A valid body with one field (at any depth) replaced by an arbitrary JSON value, or dropped. */
function mutated(base: Record<string, unknown>) {
  const paths: string[][] = [];
  const walk = (value: unknown, path: string[]) => {
    paths.push(path);
    if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
  };
  walk(base, []);
  return fc
    .tuple(
      fc.constantFrom(...paths.filter((p) => p.length > 0)),
      fc.option(fc.jsonValue(), { nil: undefined }),
    )
    .map(([path, value]) => {
      const copy = structuredClone(base);
      let target = copy as Record<string, unknown>;
      for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
      target[path.at(-1) as string] = value;
      return copy;
    });
}

describe("malformed bodies never produce a 5xx (SQLite)", () => {
  let service: TestService;
  let key: string;
  beforeAll(async () => {
    if (!sqlite) return;
    service = await startTestService(sqlite);
    key = (await service.subscribe()).primaryKey;
  });
  afterAll(async () => {
    await service.stop();
  });

  it("for random JSON, random text and mutated valid bodies on every body endpoint", async () => {
    const body = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string(),
      mutated(car).map((v) => JSON.stringify(v)),
      mutated(request).map((v) => JSON.stringify(v)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          "POST /CarDetails",
          "PUT /CarDetails/3fa85f64-5717-4562-b3fc-2c963f66afa6",
          "POST /Calculate",
        ),
        body,
        async (route, text) => {
          const [method, path] = route.split(" ") as [string, string];
          const response = await call(`${service.base}${path}`, key, { method, body: text });
          expect(response.status).toBeLessThan(500);
          if (response.status >= 400)
            expect(response.headers.get("content-type")).toBe("application/problem+json");
          await response.arrayBuffer();
        },
      ),
      { numRuns: 300 },
    );
  });
});
