import { testDatabases } from "@cartax/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculationRequest, companyProfile, petrolCar } from "../../testing/fixtures";
import { call, readJson, startTestService, type TestService } from "../../testing/test-service";
import { loadVectors } from "../../testing/vectors";

// Vectors whose expected amount comes from a publication or an official simulator capture (their
// source is in the vector file), one calculator and region after another.
const published = loadVectors().filter((v) => v.kind !== "hand-computed" && v.expected.outcome === "amount");
const sample = [
  ...new Map(
    published.map((v) => [`${v.calculator}/${v.request.userProfile.regionRegistration}`, v]),
  ).values(),
];

const car = petrolCar;
const profile = companyProfile;
const request = calculationRequest;

describe.each(testDatabases())("POST /v1/Calculate on $dialect", (db) => {
  let service: TestService;
  let key: string;
  beforeAll(async () => {
    if (!db.available) return;
    service = await startTestService(db);
    key = (await service.subscribe()).primaryKey;
  });
  afterAll(async () => {
    if (db.available) await service.stop();
  });

  describe.skipIf(!db.available)("", () => {
    it.each(sample.map((v) => [v.id, v] as const))(
      "answers the published amount of vector %s",
      async (_, vector) => {
        const response = await call(`${service.base}/Calculate`, key, { body: vector.request });
        expect(response.status).toBe(200);
        const result = await readJson(response);
        const line = result.lines.find(
          (l: { viewOption: string; year: number }) =>
            l.viewOption === vector.calculator && l.year === vector.lineYear,
        );
        expect(line, `${vector.id} (${vector.source})`).toBeDefined();
        expect(Math.abs(line.rawValue - vector.expected.rawValue)).toBeLessThanOrEqual(
          (vector.tolerance ?? 0) + 1e-9,
        );
      },
    );

    it("runs all six calculators by default: RoadTax once, the recurring ones for this year and the next", async () => {
      const result = await readJson(await call(`${service.base}/Calculate`, key, { body: request }));
      expect(result.calculationId).toMatch(/^[0-9a-f-]{36}$/);
      const seen = result.lines
        .map((l: { viewOption: string; year: number }) => `${l.viewOption}:${l.year}`)
        .sort();
      expect(seen).toEqual(
        [
          "RoadTax:2025",
          "YearlyTax:2025",
          "YearlyTax:2026",
          "BenefitInKind:2025",
          "BenefitInKind:2026",
          "FiscalDeduction:2025",
          "FiscalDeduction:2026",
          "RejectedExpenses:2025",
          "RejectedExpenses:2026",
          "CO2Contribution:2025",
          "CO2Contribution:2026",
        ].sort(),
      );
      for (const line of result.lines) {
        expect(line.hasUrl).toBe(line.url !== null);
        expect(line.value).toMatch(/€|%/);
      }
    });

    it("runs only the calculators of viewOptions, in the language asked", async () => {
      const body = { ...request, userProfile: { ...profile, viewOptions: 1 | 4, language: "nl" } };
      const result = await readJson(await call(`${service.base}/Calculate`, key, { body }));
      expect(new Set(result.lines.map((l: { viewOption: string }) => l.viewOption))).toEqual(
        new Set(["RoadTax", "BenefitInKind"]),
      );
      expect(result.lines.find((l: { viewOption: string }) => l.viewOption === "RoadTax").name).toMatch(
        /inverkeerstelling/i,
      );
    });

    it("ignores fields the contract does not define: viewOptions under options chooses nothing (README)", async () => {
      const body = {
        ...request,
        userProfile: { ...profile, somethingElse: true },
        options: { ...request.options, viewOptions: 1 },
        unknownTopLevel: "x",
      };
      const response = await call(`${service.base}/Calculate`, key, { body });
      expect(response.status).toBe(200);
      const result = await readJson(response);
      expect(new Set(result.lines.map((l: { viewOption: string }) => l.viewOption)).size).toBe(6);
    });

    it("viewOptions by flag name, names joined by commas, or number select the same calculators", async () => {
      const kinds = async (viewOptions: unknown) => {
        const body = { ...request, userProfile: { ...profile, viewOptions } };
        const response = await call(`${service.base}/Calculate`, key, { body });
        expect(response.status, JSON.stringify(viewOptions)).toBe(200);
        const result = await readJson(response);
        return [...new Set(result.lines.map((l: { viewOption: string }) => l.viewOption))].sort();
      };
      expect(await kinds("YearlyTax")).toEqual(["YearlyTax"]);
      expect(await kinds("RoadTax, BenefitInKind")).toEqual(["BenefitInKind", "RoadTax"]);
      expect(await kinds("RoadTax,4")).toEqual(["BenefitInKind", "RoadTax"]);
      expect(await kinds(5)).toEqual(["BenefitInKind", "RoadTax"]);
      const wrong = await call(`${service.base}/Calculate`, key, {
        body: { ...request, userProfile: { ...profile, viewOptions: "Roadtax" } },
      });
      expect(wrong.status).toBe(400);
      const problem = await readJson(wrong);
      expect(problem.errors[0]).toMatchObject({ field: "userProfile.viewOptions", rule: "enum" });
      expect(problem.errors[0].message).toContain("RoadTax (1)");
    });

    it("a car stored at any GUID (PUT) is calculated by that id; a malformed id is rule uuid", async () => {
      // PUT accepts any 8-4-4-4-12 hex GUID, not only RFC 4122 variants; Calculate must too.
      const id = "00000000-0000-0000-0000-0000000000a1";
      const put = await call(`${service.base}/CarDetails/${id}`, key, { method: "PUT", body: car });
      expect(put.status).toBe(201);
      const byId = await call(`${service.base}/Calculate`, key, {
        body: { ...request, carDetail: undefined, carDetailId: id.toUpperCase() },
      });
      expect(byId.status).toBe(200);
      const malformed = await call(`${service.base}/Calculate`, key, {
        body: { ...request, carDetail: undefined, carDetailId: "1234" },
      });
      expect(malformed.status).toBe(400);
      expect((await readJson(malformed)).errors[0]).toMatchObject({ field: "carDetailId", rule: "uuid" });
    });

    it("oldtimerPlate (extension): stored by PUT, returned by GET, used by Calculate by id and inline", async () => {
      // A Walloon car over 30 years pays the flat road tax of old cars only under an O plate.
      const old = { ...car, firstRegistration: "1989-05-01", euroStandard: "Euro1", wltp: null, nedC2: 0 };
      const walloon = {
        ...request,
        userProfile: { ...request.userProfile, regionRegistration: "Wallonia" },
        options: { registrationDate: "2023-10-01" },
      };
      const yearly = async (body: unknown) => {
        const result = await readJson(await call(`${service.base}/Calculate`, key, { body }));
        return result.lines.find((l: { viewOption: string; year: number }) => l.viewOption === "YearlyTax")
          .rawValue;
      };
      const id = "00000000-0000-0000-0000-0000000000b2";
      const put = await call(`${service.base}/CarDetails/${id}`, key, {
        method: "PUT",
        body: { ...old, oldtimerPlate: true },
      });
      expect(put.status).toBe(201);
      const read = await readJson(await call(`${service.base}/CarDetails/${id}`, key));
      expect(read.oldtimerPlate).toBe(true);
      expect(await yearly({ ...walloon, carDetail: undefined, carDetailId: id })).toBe(44.3);
      expect(await yearly({ ...walloon, carDetail: { ...old, oldtimerPlate: true } })).toBe(44.3);
      expect(await yearly({ ...walloon, carDetail: old })).toBeGreaterThan(44.3);
      const wrong = await call(`${service.base}/Calculate`, key, {
        body: { ...walloon, carDetail: { ...old, oldtimerPlate: "yes" } },
      });
      expect(wrong.status).toBe(400);
      expect((await readJson(wrong)).errors[0]).toMatchObject({ field: "carDetail.oldtimerPlate" });
    });

    it("uses a stored car by id, and the inline car when both are given", async () => {
      const stored = await readJson(
        await call(`${service.base}/CarDetails`, key, { body: { ...car, catalogPrice: 60000 } }),
      );
      const bik = async (body: unknown) => {
        const result = await readJson(await call(`${service.base}/Calculate`, key, { body }));
        return result.lines.find((l: { viewOption: string }) => l.viewOption === "BenefitInKind").rawValue;
      };
      const byId = await bik({ ...request, carDetail: undefined, carDetailId: stored.id });
      const inline = await bik(request);
      const both = await bik({ ...request, carDetailId: stored.id });
      expect(both).toBe(inline);
      expect(byId).toBeGreaterThan(inline);
    });

    it("saves the audit record: request as received, result, rules version, subscription, time", async () => {
      const sub = await service.subscribe();
      const body = { ...request, version: "1" };
      const result = await readJson(await call(`${service.base}/Calculate`, sub.primaryKey, { body }));
      const response = await call(`${service.base}/Calculations/${result.calculationId}`, sub.primaryKey);
      expect(response.status).toBe(200);
      const record = await readJson(response);
      const health = await readJson(await fetch(`${service.server.url}/health`));
      expect(record).toMatchObject({
        calculationId: result.calculationId,
        subscriptionId: sub.id,
        version: "1",
        rulesVersion: health.rulesVersion,
      });
      expect(record.request).toEqual(body);
      expect(record.result).toEqual(result);
      expect(Date.parse(record.createdAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(
        (await call(`${service.base}/Calculations/3fa85f64-5717-4562-b3fc-2c963f66afa6`, sub.primaryKey))
          .status,
      ).toBe(404);
    });

    it.each([
      [
        "postal code below 1000",
        { ...request, userProfile: { ...profile, postalCode: 999 } },
        "userProfile.postalCode",
        "min",
      ],
      [
        "postal code above 9992",
        { ...request, userProfile: { ...profile, postalCode: 9993 } },
        "userProfile.postalCode",
        "max",
      ],
      ["userProfile missing", { ...request, userProfile: undefined }, "userProfile", "required"],
      ["options missing", { ...request, options: undefined }, "options", "required"],
      ["no car at all", { ...request, carDetail: undefined }, "carDetail", "oneOf"],
      [
        "invalid inline car",
        { ...request, carDetail: { ...car, wltp: null } },
        "carDetail.wltp",
        "requiredFrom2021",
      ],
      [
        "unknown region",
        { ...request, userProfile: { ...profile, regionRegistration: 7 } },
        "userProfile.regionRegistration",
        "enum",
      ],
      [
        "malformed carDetailId",
        { ...request, carDetail: undefined, carDetailId: "car-1" },
        "carDetailId",
        "uuid",
      ],
    ])("400 for %s", async (_, body, field, rule) => {
      const response = await call(`${service.base}/Calculate`, key, { body });
      expect(response.status).toBe(400);
      const problem = await readJson(response);
      expect(problem.errors).toContainEqual(expect.objectContaining({ field, rule }));
    });

    it("404 for a carDetailId that does not exist, and nothing saved", async () => {
      const count = async () =>
        (await service.server.service.storage.db.selectFrom("calculations").select("id").execute()).length;
      const before = await count();
      const response = await call(`${service.base}/Calculate`, key, {
        body: { ...request, carDetail: undefined, carDetailId: "3fa85f64-5717-4562-b3fc-2c963f66afa6" },
      });
      expect(response.status).toBe(404);
      expect((await readJson(response)).errors).toEqual([
        expect.objectContaining({ field: "carDetailId", rule: "notFound" }),
      ]);
      expect(await count()).toBe(before);
    });
  });
});
