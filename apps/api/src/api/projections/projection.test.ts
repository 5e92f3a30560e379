import { testDatabases } from "@cartax/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculationRequest, companyProfile } from "../../testing/fixtures";
import { call, type Json, readJson, startTestService, type TestService } from "../../testing/test-service";

const request = calculationRequest;
type Line = { viewOption: string; year: number; rawValue: number; assumedRulesYear?: number };

describe.each(testDatabases())("POST /v1/Projection on $dialect", (db) => {
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
    it("answers 4 years by day from the registration, each calendar year its part; a year held whole has Calculate's figures but the BIK's", async () => {
      const response = await call(`${service.base}/Projection`, key, { body: request });
      expect(response.status).toBe(200);
      const projection = await readJson(response);
      expect(projection.projectionId).toMatch(/^[0-9a-f-]{36}$/);
      // From 1 March 2025 to 28 February 2029: five calendar years, the first and last in part.
      expect(projection.years.map((y: Json) => y.year)).toEqual([2025, 2026, 2027, 2028, 2029]);
      const calculation = await readJson(await call(`${service.base}/Calculate`, key, { body: request }));
      const figure = (lines: Line[], viewOption: string, year: number) =>
        lines.find((l) => l.viewOption === viewOption && l.year === year)?.rawValue;
      const mine: Line[] = projection.years.flatMap((y: Json) => y.lines);
      // The registration tax once, in full; the road tax per taxable period from 1 March; the
      // deduction's percentage of each year; 2026, held whole, has Calculate's CO2 contribution.
      for (const [viewOption, year] of [
        ["RoadTax", 2025],
        ["YearlyTax", 2025],
        ["YearlyTax", 2026],
        ["FiscalDeduction", 2025],
        ["FiscalDeduction", 2026],
        ["CO2Contribution", 2026],
      ] as const)
        expect(figure(mine, viewOption, year)).toBe(figure(calculation.lines, viewOption, year));
      // 2025 is held from March: 10 months of CO2 contribution, not 12.
      expect(figure(mine, "CO2Contribution", 2025)).toBe(
        Math.round(((figure(calculation.lines, "CO2Contribution", 2025) as number) / 12) * 10 * 100) / 100,
      );
      for (const total of projection.totals) {
        const figures = mine.filter((l) => l.viewOption === total.viewOption).map((l) => l.rawValue);
        if (total.aggregate === "sum") {
          expect(total.rawValue).toBeCloseTo(
            figures.reduce((a, b) => a + b, 0),
            2,
          );
        }
      }
      expect(mine.filter((l) => l.viewOption === "RoadTax").map((l) => l.year)).toEqual([2025]);
    });

    it("never extrapolates silently: unpublished parameters are rulesNotAvailable unless assumeLatestRules, which names each it carries", async () => {
      const body = { ...request, options: { ...request.options, years: 10 } };
      const plain = await readJson(await call(`${service.base}/Projection`, key, { body }));
      const last = plain.years[10];
      expect(last.year).toBe(2035);
      const unavailable = last.unavailableLines.find((l: Json) => l.viewOption === "BenefitInKind");
      expect(unavailable).toMatchObject({ outcome: "rulesNotAvailable" });
      expect([...unavailable.missingParameters].sort()).toEqual(["bik.minimum", "bik.referenceCo2"]);
      expect(plain.totals.find((t: Json) => t.viewOption === "BenefitInKind").complete).toBe(false);
      const assumedBody = { ...body, options: { ...body.options, assumeLatestRules: true } };
      const assumed = await readJson(await call(`${service.base}/Projection`, key, { body: assumedBody }));
      const bik = assumed.years[10].lines.find((l: Json) => l.viewOption === "BenefitInKind");
      expect(bik.assumedParameters.map((p: Json) => p.parameter).sort()).toEqual([
        "bik.minimum",
        "bik.referenceCo2",
      ]);
      expect(bik.provisional).toBe(true);
      expect(bik.description).toContain("Not yet published for 2035");
      expect(assumed.totals.find((t: Json) => t.viewOption === "BenefitInKind").complete).toBe(true);
    });

    it("takes the holding period as until, answers each year's part and the grouped totals, and estimates at stated rates only", async () => {
      const body = {
        ...request,
        options: {
          ...request.options,
          until: "2026-08-31",
          corporateTaxRate: "standard",
          employeeMarginalRate: 50,
        },
      };
      const response = await call(`${service.base}/Projection`, key, { body });
      expect(response.status).toBe(200);
      const projection = await readJson(response);
      expect([projection.from, projection.until]).toEqual(["2025-03-01", "2026-08-31"]);
      expect(projection.years.map((y: Json) => y.period)).toEqual([
        { from: "2025-03-01", until: "2025-12-31", days: 306, daysInYear: 365 },
        { from: "2026-01-01", until: "2026-08-31", days: 243, daysInYear: 365 },
      ]);
      const { summary, totals } = projection;
      expect(summary.employerTaxes.adds).toEqual(["RoadTax", "YearlyTax", "CO2Contribution"]);
      const bik = totals.find((t: Json) => t.viewOption === "BenefitInKind").rawValue;
      expect(summary.employeeTaxEstimate).toMatchObject({
        estimate: true,
        payer: "employee",
        rate: 50,
        base: bik,
      });
      expect(summary.employeeTaxEstimate.rawValue).toBe(Math.round(bik * 50) / 100);
      expect(summary.corporateTaxEstimate).toMatchObject({ estimate: true, payer: "employer", rate: 25 });
      expect(summary.employerTaxesWithEstimate.rawValue).toBe(
        Math.round((summary.employerTaxes.rawValue + summary.corporateTaxEstimate.rawValue) * 100) / 100,
      );
      const plain = await readJson(await call(`${service.base}/Projection`, key, { body: request }));
      expect(plain.summary.corporateTaxEstimate).toBeNull();
      expect(plain.summary.employeeTaxEstimate).toBeNull();
    });

    it("refuses until with years, before the registration, and an unknown corporate rate, naming each field", async () => {
      const bad = await call(`${service.base}/Projection`, key, {
        body: {
          ...request,
          options: { ...request.options, years: 2, until: "2020-01-01", corporateTaxRate: "low" },
        },
      });
      expect(bad.status).toBe(400);
      const fields = (await readJson(bad)).errors.map((e: Json) => e.field);
      expect(fields).toContain("options.corporateTaxRate");
      const both = await call(`${service.base}/Projection`, key, {
        body: { ...request, options: { ...request.options, years: 2, until: "2026-01-01" } },
      });
      expect(both.status).toBe(400);
      expect((await readJson(both)).errors).toContainEqual(
        expect.objectContaining({ field: "options.until", rule: "exclusive" }),
      );
    });

    it("saves the audit record, readable by its own account only", async () => {
      const sub = await service.subscribe();
      const other = await service.subscribe();
      const body = { ...request, options: { ...request.options, years: 2 }, version: "7" };
      const result = await readJson(await call(`${service.base}/Projection`, sub.primaryKey, { body }));
      const response = await call(`${service.base}/Projections/${result.projectionId}`, sub.primaryKey);
      expect(response.status).toBe(200);
      const record = await readJson(response);
      expect(record).toMatchObject({
        projectionId: result.projectionId,
        subscriptionId: sub.id,
        version: "7",
      });
      expect(record.request).toEqual(body);
      expect(record.result).toEqual(result);
      expect(
        (await call(`${service.base}/Projections/${result.projectionId}`, other.primaryKey)).status,
      ).toBe(404);
    });

    it("needs calculation access", async () => {
      const sub = await service.subscribe({ calculationAccess: false });
      expect((await call(`${service.base}/Projection`, sub.primaryKey, { body: request })).status).toBe(401);
    });

    it("uses a stored car by id and names it in its errors", async () => {
      const stored = await readJson(
        await call(`${service.base}/CarDetails`, key, {
          body: { ...request.carDetail, firstRegistration: "2025-06-01" },
        }),
      );
      const byId = { ...request, carDetail: undefined, carDetailId: stored.id };
      expect(
        (
          await call(`${service.base}/Projection`, key, {
            body: { ...byId, options: { registrationDate: "2025-06-01" } },
          })
        ).status,
      ).toBe(200);
      // First registered after the registration date: the engine's rule, named on the id.
      const response = await call(`${service.base}/Projection`, key, { body: byId });
      expect(response.status).toBe(400);
      expect((await readJson(response)).errors[0]).toMatchObject({
        field: "carDetailId",
        rule: "notAfterRegistration",
      });
    });

    it.each([
      ["years 0", { years: 0 }, "options.years", "min"],
      ["years 11", { years: 11 }, "options.years", "max"],
      ["years 2.5", { years: 2.5 }, "options.years", "type"],
      ["assumeLatestRules a string", { assumeLatestRules: "yes" }, "options.assumeLatestRules", "type"],
    ])("400 problem+json for %s, naming field and rule", async (_, extra, field, rule) => {
      const body = { ...request, userProfile: companyProfile, options: { ...request.options, ...extra } };
      const response = await call(`${service.base}/Projection`, key, { body });
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toContain("application/problem+json");
      expect((await readJson(response)).errors).toContainEqual(expect.objectContaining({ field, rule }));
    });
  });
});
