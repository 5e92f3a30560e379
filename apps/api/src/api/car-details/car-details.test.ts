import { testDatabases } from "@cartax/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { petrolCar } from "../../testing/fixtures";
import { call, readJson, startTestService, type TestService } from "../../testing/test-service";

const car = { name: "Compact", ...petrolCar };

describe.each(testDatabases())("CarDetails on $dialect", (db) => {
  let service: TestService;
  let key: string;
  let ownerId: string;
  beforeAll(async () => {
    if (!db.available) return;
    service = await startTestService(db);
    const sub = await service.subscribe({ calculationAccess: false });
    key = sub.primaryKey;
    ownerId = sub.ownerId;
  });
  afterAll(async () => {
    if (db.available) await service.stop();
  });

  describe.skipIf(!db.available)("", () => {
    it("POST creates: 201, Location, ids assigned, enum numbers in and names out, date-time out", async () => {
      const response = await call(`${service.base}/CarDetails`, key, {
        body: { ...car, fuel: 20, euroStandard: 70, id: "not-mine", ownerId: "not-mine" },
      });
      expect(response.status).toBe(201);
      const body = await readJson(response);
      expect(response.headers.get("location")).toBe(`https://api.cartax.test/v1/CarDetails/${body.id}`);
      expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(body).toMatchObject({
        ownerId,
        fuel: "Petrol",
        euroStandard: "Euro6",
        firstRegistration: "2025-03-01T00:00:00",
        isActive: true,
        weight: null,
      });
      const read = await call(`${service.base}/CarDetails/${body.id}`, key);
      expect(read.status).toBe(200);
      expect(await readJson(read)).toEqual(body);
    });

    it("PUT is an idempotent upsert: 201 then 200, Location on both; the body's id is ignored", async () => {
      const id = "7d3f1c2e-5b4a-4c9d-8e7f-6a5b4c3d2e1f";
      const first = await call(`${service.base}/CarDetails/${id}`, key, {
        method: "PUT",
        body: { ...car, id: "3fa85f64-5717-4562-b3fc-2c963f66afa6" },
      });
      expect(first.status).toBe(201);
      expect(first.headers.get("location")).toBe(`https://api.cartax.test/v1/CarDetails/${id}`);
      expect((await readJson(first)).id).toBe(id);
      const second = await call(`${service.base}/CarDetails/${id}`, key, {
        method: "PUT",
        body: { ...car, catalogPrice: 41000 },
      });
      expect(second.status).toBe(200);
      expect(second.headers.get("location")).toBe(`https://api.cartax.test/v1/CarDetails/${id}`);
      expect((await readJson(second)).catalogPrice).toBe(41000);
      const again = await call(`${service.base}/CarDetails/${id}`, key, {
        method: "PUT",
        body: { ...car, catalogPrice: 41000 },
      });
      expect(again.status).toBe(200);
    });

    it("accepts back what it returned (firstRegistration as a date-time)", async () => {
      const created = await readJson(await call(`${service.base}/CarDetails`, key, { body: car }));
      const response = await call(`${service.base}/CarDetails/${created.id}`, key, {
        method: "PUT",
        body: created,
      });
      expect(response.status).toBe(200);
      expect(await readJson(response)).toEqual(created);
    });

    it.each([
      ["missing catalogPrice", { ...car, catalogPrice: undefined }, "catalogPrice", "required"],
      ["price as a string", { ...car, catalogPrice: "40000" }, "catalogPrice", "type"],
      ["negative price", { ...car, catalogPrice: -1 }, "catalogPrice", "min"],
      ["unknown fuel", { ...car, fuel: "Benzine" }, "fuel", "enum"],
      ["missing euroStandard", { ...car, euroStandard: undefined }, "euroStandard", "required"],
      ["bad date", { ...car, firstRegistration: "2025-02-30" }, "firstRegistration", "date"],
      ["wltp missing from 2021", { ...car, wltp: null }, "wltp", "requiredFrom2021"],
      ["capacity missing for petrol", { ...car, capacity: null }, "capacity", "requiredForFuel"],
      [
        "battery missing for a plug-in hybrid",
        { ...car, fuel: "PluginHybridPetrol", wltp: 35 },
        "batteryCapacity",
        "requiredForFuel",
      ],
      ["CO2 with decimals", { ...car, wltp: 130.5 }, "wltp", "type"],
      ["name too long", { ...car, name: "x".repeat(201) }, "name", "max"],
    ])("400 problem+json naming the field and rule: %s", async (_, body, field, rule) => {
      const response = await call(`${service.base}/CarDetails`, key, { body });
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      const problem = await readJson(response);
      expect(problem).toMatchObject({
        status: 400,
        code: "validation_error",
        type: "/problems/validation-error",
      });
      expect(problem.errors).toContainEqual(expect.objectContaining({ field, rule }));
    });

    it("answers 404 for an unknown id and 400 for a malformed one", async () => {
      const unknown = await call(`${service.base}/CarDetails/3fa85f64-5717-4562-b3fc-2c963f66afa6`, key);
      expect(unknown.status).toBe(404);
      expect((await readJson(unknown)).code).toBe("not_found");
      const malformed = await call(`${service.base}/CarDetails/42`, key);
      expect(malformed.status).toBe(400);
      expect((await readJson(malformed)).errors[0]).toMatchObject({ field: "carDetailId", rule: "uuid" });
      const putMalformed = await call(`${service.base}/CarDetails/42`, key, { method: "PUT", body: car });
      expect(putMalformed.status).toBe(400);
    });

    it("refuses wrong content types (415), unparseable JSON (400), big bodies (413) and writes nothing", async () => {
      const count = async () =>
        (await service.server.service.storage.db.selectFrom("car_details").select("id").execute()).length;
      const before = await count();
      const text = await call(`${service.base}/CarDetails`, key, {
        body: JSON.stringify(car),
        headers: { "content-type": "text/plain" },
      });
      expect(text.status).toBe(415);
      const broken = await call(`${service.base}/CarDetails`, key, { body: '{"catalogPrice": 40000,' });
      expect(broken.status).toBe(400);
      expect((await readJson(broken)).code).toBe("malformed_json");
      const big = await call(`${service.base}/CarDetails`, key, {
        body: { ...car, name: "x".repeat(70_000) },
      });
      expect(big.status).toBe(413);
      expect((await readJson(big)).code).toBe("payload_too_large");
      const array = await call(`${service.base}/CarDetails`, key, { body: [car] });
      expect(array.status).toBe(400);
      expect(await count()).toBe(before);
    });

    it("stores prices sent including VAT divided by 1.21 when the subscription says so", async () => {
      const vat = await service.subscribe({ pricesIncludeVat: true, ownerId });
      const response = await call(`${service.base}/CarDetails`, vat.primaryKey, {
        body: { ...car, catalogPrice: 48400 },
      });
      expect(response.status).toBe(201);
      // 48,400 incl. 21 % VAT = 40,000 excl. VAT.
      expect((await readJson(response)).catalogPrice).toBeCloseTo(40000, 9);
    });
  });
});
