import { testDatabases } from "@cartax/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyProfile, petrolCar } from "../../src/testing/fixtures";
import {
  call,
  type Json,
  readJson,
  startTestService,
  type TestService,
} from "../../src/testing/test-service";

/** Issue 31, point 10: small honesty fixes. */
describe.each(testDatabases())("small honesty fixes on $dialect", (db) => {
  let service: TestService;
  let key: string;
  let storedId: string;
  beforeAll(async () => {
    if (!db.available) return;
    service = await startTestService(db);
    key = (await service.subscribe()).primaryKey;
    // First registered 1 March 2025: it cannot be taxed for a registration in January 2025.
    storedId = (await readJson(await call(`${service.base}/CarDetails`, key, { body: petrolCar }))).id;
  });
  afterAll(async () => {
    if (db.available) await service.stop();
  });

  describe.skipIf(!db.available)("", () => {
    const { firstRegistration: _first, ...newCar } = petrolCar;

    it("documents totalDiscount as accepted and unused, and no figure moves with it", async () => {
      const document = await readJson(await fetch(`${service.server.url}/v1/openapi.json`));
      const description: string =
        document.components.schemas.CalculationOptions.properties.totalDiscount.description ?? "";
      expect(description).toMatch(/accepted and unused/i);
      const lines = async (options: Record<string, unknown>) =>
        (
          await readJson(
            await call(`${service.base}/Calculate`, key, {
              body: { carDetail: petrolCar, userProfile: companyProfile, options },
            }),
          )
        ).lines.map((line: Json) => [line.viewOption, line.year, line.rawValue]);
      const without = await lines({ registrationDate: "2025-03-01" });
      expect(await lines({ registrationDate: "2025-03-01", totalDiscount: 5000 })).toEqual(without);
    });

    it("names a compared car's fields one way, cars.1.…, on 400 and 404", async () => {
      const compare = (cars: Json[]) =>
        call(`${service.base}/Compare`, key, {
          body: { cars, userProfile: companyProfile, options: { registrationDate: "2025-01-15" } },
        });
      // A stored car whose first registration (2025-03-01) follows the registration date.
      const stored = await compare([{ carDetail: newCar }, { carDetailId: storedId }]);
      expect(stored.status).toBe(400);
      const storedErrors = (await readJson(stored)).errors as Json[];
      expect(storedErrors.map((e) => [e.field, e.rule])).toEqual([
        ["cars.1.carDetailId", "notAfterRegistration"],
      ]);
      expect(storedErrors[0].message).not.toContain("cars[");
      // The same car inline: its own field.
      const inline = await compare([{ carDetail: newCar }, { carDetail: petrolCar }]);
      expect(inline.status).toBe(400);
      expect(((await readJson(inline)).errors as Json[]).map((e) => [e.field, e.rule])).toEqual([
        ["cars.1.carDetail.firstRegistration", "notAfterRegistration"],
      ]);
      const missing = await compare([
        { carDetail: newCar },
        { carDetailId: "3fa85f64-5717-4562-b3fc-2c963f66afa6" },
      ]);
      expect(missing.status).toBe(404);
      const detail: string = (await readJson(missing)).detail;
      expect(detail).toContain("(cars.1.carDetailId)");
      expect(detail).not.toContain("cars[");
    });

    it("accepts a UTF-8 byte order mark at the start of a JSON body", async () => {
      const json = JSON.stringify({
        carDetail: petrolCar,
        userProfile: companyProfile,
        options: { registrationDate: "2025-03-01" },
      });
      const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(json, "utf8")]);
      const response = await fetch(`${service.base}/Calculate?subscription-key=${key}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      });
      expect(response.status).toBe(200);
      expect((await readJson(response)).lines.length).toBeGreaterThan(0);
      // The batch's NDJSON too.
      const batch = await fetch(`${service.base}/Calculate/batch?subscription-key=${key}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-ndjson" },
        body: Buffer.concat([body, Buffer.from("\n")]),
      });
      expect(batch.status).toBe(200);
      const [first] = (await batch.text()).trim().split("\n");
      expect(JSON.parse(first ?? "{}").lines.length).toBeGreaterThan(0);
    });

    it("answers / with a small HTML page linking /docs, /rules and the README", async () => {
      const response = await fetch(`${service.server.url}/`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await response.text();
      const links = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
      expect(links).toEqual(
        expect.arrayContaining(["/docs", "/rules", "https://github.com/cartax/cartax#readme"]),
      );
      for (const link of links.filter((l) => l?.startsWith("/")))
        expect((await fetch(`${service.server.url}${link}`)).status, link).toBe(200);
    });
  });
});
