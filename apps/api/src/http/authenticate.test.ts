import { testDatabases } from "@cartax/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculationRequest, petrolCar } from "../testing/fixtures";
import { call, readJson, startTestService, type TestService } from "../testing/test-service";

const car = petrolCar;
const calculation = calculationRequest;

describe.each(testDatabases())("authentication on $dialect", (db) => {
  let service: TestService;
  beforeAll(async () => {
    if (db.available) service = await startTestService(db);
  });
  afterAll(async () => {
    if (db.available) await service.stop();
  });

  describe.skipIf(!db.available)("", () => {
    const expect401 = async (response: Response, detail: RegExp) => {
      expect(response.status).toBe(401);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      const problem = await readJson(response);
      expect(problem.code).toBe("unauthorized");
      expect(problem.detail).toMatch(detail);
    };

    it("401 without a key or with an unknown key, on every endpoint", async () => {
      const id = "3fa85f64-5717-4562-b3fc-2c963f66afa6";
      for (const key of [undefined, "ctx_acc_wrong", ""]) {
        await expect401(await call(`${service.base}/CarDetails/${id}`, key), /key/);
        await expect401(await call(`${service.base}/CarDetails`, key, { body: car }), /key/);
        await expect401(
          await call(`${service.base}/CarDetails/${id}`, key, { method: "PUT", body: car }),
          /key/,
        );
        await expect401(await call(`${service.base}/Calculate`, key, { body: calculation }), /key/);
        await expect401(await call(`${service.base}/GetTaxMatrix?id=${id}`, key), /key/);
        await expect401(await call(`${service.base}/Calculations/${id}`, key), /key/);
      }
    });

    it("accepts the key in the query and in the Ocp-Apim-Subscription-Key header, primary and secondary", async () => {
      const sub = await service.subscribe();
      for (const key of [sub.primaryKey, sub.secondaryKey]) {
        expect((await call(`${service.base}/CarDetails`, key, { body: car })).status).toBe(201);
        const viaHeader = await call(`${service.base}/CarDetails`, undefined, {
          body: car,
          headers: { "Ocp-Apim-Subscription-Key": key },
        });
        expect(viaHeader.status).toBe(201);
      }
    });

    it("refuses an inactive subscription everywhere", async () => {
      const sub = await service.subscribe({ active: false });
      await expect401(await call(`${service.base}/CarDetails`, sub.primaryKey, { body: car }), /not active/);
      await expect401(
        await call(`${service.base}/Calculate`, sub.primaryKey, { body: calculation }),
        /not active/,
      );
      await service.server.service.storage.subscriptions.update(sub.id, { active: true });
      expect((await call(`${service.base}/CarDetails`, sub.primaryKey, { body: car })).status).toBe(201);
    });

    it("needs calculation access for Calculate, GetTaxMatrix and Calculations only", async () => {
      const sub = await service.subscribe({ calculationAccess: false });
      const created = await call(`${service.base}/CarDetails`, sub.primaryKey, { body: car });
      expect(created.status).toBe(201);
      const { id } = await readJson(created);
      expect((await call(`${service.base}/CarDetails/${id}`, sub.primaryKey)).status).toBe(200);
      await expect401(
        await call(`${service.base}/Calculate`, sub.primaryKey, { body: calculation }),
        /calculation access/,
      );
      await expect401(
        await call(`${service.base}/GetTaxMatrix?id=${id}`, sub.primaryKey),
        /calculation access/,
      );
      await service.server.service.storage.subscriptions.update(sub.id, { calculationAccess: true });
      expect((await call(`${service.base}/Calculate`, sub.primaryKey, { body: calculation })).status).toBe(
        200,
      );
      expect((await call(`${service.base}/GetTaxMatrix?id=${id}`, sub.primaryKey)).status).toBe(200);
    });

    it("rotation: the rotated key stops working at once, the other keeps working", async () => {
      const sub = await service.subscribe();
      const fresh = await service.server.service.storage.subscriptions.rotate(sub.id, "primary");
      await expect401(await call(`${service.base}/CarDetails`, sub.primaryKey, { body: car }), /not valid/);
      expect((await call(`${service.base}/CarDetails`, sub.secondaryKey, { body: car })).status).toBe(201);
      expect((await call(`${service.base}/CarDetails`, fresh, { body: car })).status).toBe(201);
    });

    it("a production key never works on acceptance, and the reverse (same database)", async () => {
      const production = await startTestService(db, {
        environment: "production",
        database: service.database,
      });
      try {
        const prodSub = await production.subscribe();
        const accSub = await service.subscribe();
        expect(prodSub.primaryKey.startsWith("ctx_prd_")).toBe(true);
        await expect401(
          await call(`${service.base}/CarDetails`, prodSub.primaryKey, { body: car }),
          /acceptance/,
        );
        await expect401(
          await call(`${production.base}/CarDetails`, accSub.primaryKey, { body: car }),
          /production/,
        );
        expect((await call(`${production.base}/CarDetails`, prodSub.primaryKey, { body: car })).status).toBe(
          201,
        );
      } finally {
        await production.server.close();
      }
    });

    it("another account's records answer 404 like unknown ids; a PUT there creates the caller's own", async () => {
      const alice = await service.subscribe();
      const bob = await service.subscribe();
      const created = await readJson(
        await call(`${service.base}/CarDetails`, alice.primaryKey, { body: car }),
      );
      const calculated = await readJson(
        await call(`${service.base}/Calculate`, alice.primaryKey, {
          body: { ...calculation, carDetail: undefined, carDetailId: created.id },
        }),
      );
      for (const url of [
        `${service.base}/CarDetails/${created.id}`,
        `${service.base}/GetTaxMatrix?id=${created.id}`,
        `${service.base}/Calculations/${calculated.calculationId}`,
      ]) {
        const response = await call(url, bob.primaryKey);
        expect(response.status).toBe(404);
        expect((await readJson(response)).code).toBe("not_found");
      }
      const viaCalculate = await call(`${service.base}/Calculate`, bob.primaryKey, {
        body: { ...calculation, carDetail: undefined, carDetailId: created.id },
      });
      expect(viaCalculate.status).toBe(404);
      const put = await call(`${service.base}/CarDetails/${created.id}`, bob.primaryKey, {
        method: "PUT",
        body: { ...car, catalogPrice: 1 },
      });
      expect(put.status).toBe(201);
      const alicesCopy = await readJson(
        await call(`${service.base}/CarDetails/${created.id}`, alice.primaryKey),
      );
      expect(alicesCopy.catalogPrice).toBe(40000);
      expect(alicesCopy.ownerId).toBe(alice.ownerId);
    });

    it("never writes a key into a log line", async () => {
      const sub = await service.subscribe();
      await call(`${service.base}/CarDetails`, sub.primaryKey, { body: car });
      await call(`${service.base}/CarDetails`, undefined, {
        body: car,
        headers: { "Ocp-Apim-Subscription-Key": sub.secondaryKey },
      });
      await call(`${service.base}/CarDetails/nope`, sub.primaryKey);
      await call(
        `${service.base}/CarDetails?subscription-key=${sub.primaryKey}&subscription-key=${sub.secondaryKey}`,
        undefined,
      );
      // Hono decodes parameter names: an encoded name authenticates, so it must be redacted too.
      const encodedName = await call(
        `${service.base}/CarDetails?subscription%2Dkey=${sub.secondaryKey}`,
        undefined,
        {
          body: car,
        },
      );
      expect(encodedName.status).toBe(201);
      // The access log is written after the answer: wait for its line rather than a fixed time.
      for (
        let waited = 0;
        waited < 5000 && !service.logs.some((l) => l.includes("subscription%2Dkey="));
        waited += 25
      ) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const logs = service.logs.join("\n");
      expect(logs).toContain("subscription-key=[redacted]");
      for (const key of [sub.primaryKey, sub.secondaryKey]) {
        expect(logs).not.toContain(key);
        expect(logs).not.toContain(key.slice(8, 30));
      }
      const line = service.logs.map((l) => JSON.parse(l)).find((l) => l.subscriptionId === sub.id);
      expect(line).toMatchObject({ method: "POST", route: "/v1/CarDetails", status: 201 });
      expect(typeof line.latencyMs).toBe("number");
      expect(typeof line.requestId).toBe("string");
    });
  });
});
