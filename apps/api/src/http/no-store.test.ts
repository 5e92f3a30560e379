import { testDatabases } from "@cartax/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculationRequest, companyProfile, petrolCar } from "../testing/fixtures";
import { call, readJson, startTestService, type TestService } from "../testing/test-service";

/** Issue 41 point 6: an answer to a keyed request is never stored by a cache. */
describe.each(testDatabases())("Cache-Control of keyed and public answers on $dialect", (db) => {
  let service: TestService;
  let key: string;
  let carId: string;
  beforeAll(async () => {
    if (!db.available) return;
    service = await startTestService(db);
    key = (await service.subscribe()).primaryKey;
    carId = (await readJson(await call(`${service.base}/CarDetails`, key, { body: petrolCar }))).id;
  });
  afterAll(async () => {
    if (db.available) await service.stop();
  });
  const local = (location: string) => location.replace("https://api.cartax.test", service.server.url);
  const cacheControl = (response: Response) => response.headers.get("cache-control");

  describe.skipIf(!db.available)("", () => {
    it("no-store on every keyed answer: successes, problems, CSV, a streamed batch, compressed or not", async () => {
      const compare = {
        cars: [{ carDetailId: carId }, { carDetail: { ...petrolCar, catalogPrice: 30000 } }],
        userProfile: companyProfile,
        options: { registrationDate: "2025-03-01", years: 2 },
      };
      const unknown = "3fa85f64-5717-4562-b3fc-2c963f66afa6";
      const calculated = await call(`${service.base}/Calculate`, key, { body: calculationRequest });
      const { calculationId } = await readJson(calculated.clone());
      const answers: [string, Response, number][] = [
        ["POST CarDetails", await call(`${service.base}/CarDetails`, key, { body: petrolCar }), 201],
        ["GET CarDetails", await call(`${service.base}/CarDetails/${carId}`, key), 200],
        [
          "PUT CarDetails",
          await call(`${service.base}/CarDetails/${carId}`, key, { method: "PUT", body: petrolCar }),
          200,
        ],
        [
          "GET CarDetails unknown (404 problem)",
          await call(`${service.base}/CarDetails/${unknown}`, key),
          404,
        ],
        ["Calculate", calculated, 200],
        [
          "Calculate gzip",
          await call(`${service.base}/Calculate`, key, {
            body: calculationRequest,
            headers: { "accept-encoding": "gzip" },
          }),
          200,
        ],
        [
          "Calculate invalid (400 problem)",
          await call(`${service.base}/Calculate`, key, {
            body: { ...calculationRequest, userProfile: undefined },
          }),
          400,
        ],
        ["Calculations", await call(`${service.base}/Calculations/${calculationId}`, key), 200],
        ["GetTaxMatrix", await call(`${service.base}/GetTaxMatrix?id=${carId}`, key), 200],
        [
          "Calculate/batch",
          await call(`${service.base}/Calculate/batch`, key, {
            body: `${JSON.stringify(calculationRequest)}\n${JSON.stringify(calculationRequest)}\n`,
            headers: { "content-type": "application/x-ndjson" },
          }),
          200,
        ],
        ["Projection", await call(`${service.base}/Projection`, key, { body: calculationRequest }), 200],
        ["Compare", await call(`${service.base}/Compare`, key, { body: compare }), 200],
        [
          "Compare CSV",
          await call(`${service.base}/Compare`, key, { body: compare, headers: { accept: "text/csv" } }),
          200,
        ],
        ["PublicLink", await call(`${service.base}/PublicLink?cardetailid=${carId}`, key), 200],
        ["POST Qr", await call(`${service.base}/Qr`, key, { body: { carDetailId: carId } }), 201],
      ];
      for (const [name, response, status] of answers) {
        expect(response.status, name).toBe(status);
        expect(cacheControl(response), name).toBe("no-store");
        await response.arrayBuffer();
      }
    });

    it("public answers keep their own policy: the QR image, the rule book, the reference's assets", async () => {
      const qr = await call(`${service.base}/Qr`, key, { body: { carDetailId: carId } });
      const image = await fetch(local(qr.headers.get("location") ?? ""));
      expect(image.status).toBe(200);
      expect(cacheControl(image)).toBe("public, max-age=3600, immutable");
      await image.arrayBuffer();
      const rules = await fetch(`${service.server.url}/rules`);
      expect(rules.status).toBe(200);
      expect(cacheControl(rules)).toBe("public, max-age=300");
      await rules.arrayBuffer();
      const asset = await fetch(`${service.server.url}/docs/swagger-ui.css`);
      expect(cacheControl(asset)).toBe("public, max-age=86400");
      await asset.arrayBuffer();
    });
  });
});
