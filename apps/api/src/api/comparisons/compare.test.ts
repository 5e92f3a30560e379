import { testDatabases } from "@cartax/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyProfile, petrolCar } from "../../testing/fixtures";
import { call, type Json, readJson, startTestService, type TestService } from "../../testing/test-service";

const electricCar = {
  name: "Electric, 2025",
  catalogPrice: 45000,
  firstRegistration: "2025-03-01",
  fuel: "Electric" as const,
  euroStandard: "Euro6" as const,
  kilowatt: 150,
  wltp: 0,
  nedC2: 0,
};
const options = { registrationDate: "2025-03-01", years: 3 };

/** The fields of one CSV line (RFC 4180 quoting), to read what a spreadsheet would. */
const csvFields = (line: string) =>
  [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, field = ""]) =>
    field.startsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field,
  );

describe.each(testDatabases())("POST /v1/Compare on $dialect", (db) => {
  let service: TestService;
  let key: string;
  let storedId: string;
  beforeAll(async () => {
    if (!db.available) return;
    service = await startTestService(db);
    key = (await service.subscribe()).primaryKey;
    storedId = (
      await readJson(
        await call(`${service.base}/CarDetails`, key, { body: { ...petrolCar, name: "Petrol, stored" } }),
      )
    ).id;
  });
  afterAll(async () => {
    if (db.available) await service.stop();
  });

  describe.skipIf(!db.available)("", () => {
    const body = () => ({
      cars: [{ carDetailId: storedId }, { carDetail: electricCar }, { carDetail: petrolCar }],
      userProfile: companyProfile,
      options: { ...options, rankBy: "BenefitInKind" },
    });

    it("answers one row per car in the caller's order, each one Projection of that car, and a ranking", async () => {
      const response = await call(`${service.base}/Compare`, key, { body: body() });
      expect(response.status).toBe(200);
      const comparison = await readJson(response);
      expect(comparison.comparisonId).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers.get("content-location")).toBe(`/v1/Comparisons/${comparison.comparisonId}`);
      // 3 years from 1 March 2025: held until 28 February 2028, so four calendar years, the last in part.
      expect(comparison.years).toEqual([2025, 2026, 2027, 2028]);
      expect(comparison.rows.map((r: Json) => [r.carDetailId, r.name])).toEqual([
        [storedId, "Petrol, stored"],
        [null, "Electric, 2025"],
        [null, null],
      ]);
      const cars = [{ carDetailId: storedId }, { carDetail: electricCar }, { carDetail: petrolCar }];
      for (const [i, car] of cars.entries()) {
        const projection = await readJson(
          await call(`${service.base}/Projection`, key, {
            body: { ...car, userProfile: companyProfile, options },
          }),
        );
        const row = comparison.rows[i];
        expect(row.lines).toEqual(projection.years.flatMap((y: Json) => y.lines));
        expect(row.unavailableLines).toEqual(projection.years.flatMap((y: Json) => y.unavailableLines));
        expect(row.totals).toEqual(projection.totals);
      }
      // The stored and the inline petrol car are the same car: the same BIK, one rank, caller's order.
      const bik = (i: number) =>
        comparison.rows[i].totals.find((t: Json) => t.viewOption === "BenefitInKind").rawValue;
      expect(bik(0)).toBe(bik(2));
      expect(comparison.ranking.by).toBe("BenefitInKind");
      const sortedBiks = [0, 1, 2].map(bik).sort((a, b) => a - b);
      expect(comparison.ranking.entries.map((e: Json) => e.rawValue)).toEqual(sortedBiks);
      const ranks = comparison.ranking.entries.filter((e: Json) => e.rawValue === bik(0));
      expect(ranks.map((e: Json) => e.index)).toEqual([0, 2]);
      expect(ranks[0].rank).toBe(ranks[1].rank);
    });

    it("groups each row's totals: the employer's taxes add taxes only, in JSON and as the CSV's last columns, with an estimate at a stated rate", async () => {
      const stated = { ...body(), options: { ...options, corporateTaxRate: "standard" } };
      const comparison = await readJson(await call(`${service.base}/Compare`, key, { body: stated }));
      for (const row of comparison.rows) {
        const taxes = row.totals.filter((t: Json) =>
          ["RoadTax", "YearlyTax", "CO2Contribution"].includes(t.viewOption),
        );
        const cents = taxes.reduce((sum: number, t: Json) => sum + Math.round((t.rawValue ?? 0) * 100), 0);
        expect(row.summary.employerTaxes.adds).toEqual(taxes.map((t: Json) => t.viewOption));
        expect(row.summary.employerTaxes.rawValue).toBe(cents / 100);
        expect(row.summary.bases.map((t: Json) => t.viewOption)).toEqual([
          "BenefitInKind",
          "RejectedExpenses",
        ]);
        expect(row.summary.corporateTaxEstimate).toMatchObject({ estimate: true, rate: 25 });
      }
      const csv = await (
        await call(`${service.base}/Compare`, key, { body: stated, headers: { accept: "text/csv" } })
      ).text();
      const [head, first] = csv.slice(1).split("\r\n");
      const header = csvFields(head ?? "");
      expect(header.slice(-6)).toEqual([
        "employer taxes",
        "employer taxes complete",
        "corporate tax estimate",
        "tier",
        "ranking basis",
        "figures without a figure",
      ]);
      const cells = csvFields(first ?? "");
      expect(Number(cells[header.indexOf("employer taxes")])).toBe(
        comparison.rows[0].summary.employerTaxes.rawValue,
      );
    });

    it("answers CSV with Accept: text/csv: one row per car, one column per calculator and year", async () => {
      const response = await call(`${service.base}/Compare`, key, {
        body: body(),
        headers: { accept: "text/csv" },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/csv");
      // response.text() drops the byte order mark, as a UTF-8 reader does.
      const rows = (await response.text()).trimEnd().split("\r\n");
      expect(rows).toHaveLength(4);
      const header = csvFields(rows[0] ?? "");
      expect(header.slice(0, 3)).toEqual(["carDetailId", "name", "RoadTax 2025"]);
      expect(header).toContain("BenefitInKind 2027");
      expect(header).not.toContain("RoadTax 2026");
      expect(header).toContain("BenefitInKind total");
      // Columns are only ever added at the end (docs/contract.md, section 10): the employer's taxes, then the tiers (issue 40).
      expect(header.slice(-8)).toEqual([
        "rank",
        "ranked value",
        "missing figures",
        "employer taxes",
        "employer taxes complete",
        "tier",
        "ranking basis",
        "figures without a figure",
      ]);
      const location = (response.headers.get("content-location") ?? "").replace(/\/csv$/, "");
      const saved = await readJson(await call(`${service.base}${location.slice(3)}`, key));
      const first = csvFields(rows[1] ?? "");
      expect(first.slice(0, 2)).toEqual([storedId, "Petrol, stored"]);
      expect(first).toHaveLength(header.length);
      const bikLine = saved.result.rows[0].lines.find(
        (l: Json) => l.viewOption === "BenefitInKind" && l.year === 2026,
      );
      expect(Number(first[header.indexOf("BenefitInKind 2026")])).toBe(bikLine.rawValue);
      // 2027's BIK rules are not published: an empty cell, never 0.
      expect(saved.result.rows[0].unavailableLines).toContainEqual(
        expect.objectContaining({ viewOption: "BenefitInKind", year: 2027, outcome: "rulesNotAvailable" }),
      );
      expect(first[header.indexOf("BenefitInKind 2027")]).toBe("");
    });

    it("negotiates by quality: JSON when the caller prefers it, CSV when it prefers CSV", async () => {
      const type = async (accept: string) =>
        (await call(`${service.base}/Compare`, key, { body: body(), headers: { accept } })).headers.get(
          "content-type",
        );
      expect(await type("application/json, text/csv;q=0.5")).toContain("application/json");
      expect(await type("application/json;q=0.2, text/csv")).toContain("text/csv");
      expect(await type("*/*")).toContain("application/json");
    });

    it("saves the comparison under comparisonId, for its own account only", async () => {
      const other = await service.subscribe();
      const comparison = await readJson(await call(`${service.base}/Compare`, key, { body: body() }));
      const response = await call(`${service.base}/Comparisons/${comparison.comparisonId}`, key);
      expect(response.status).toBe(200);
      const record = await readJson(response);
      expect(record.result).toEqual(comparison);
      expect(record.request).toEqual(body());
      expect(
        (await call(`${service.base}/Comparisons/${comparison.comparisonId}`, other.primaryKey)).status,
      ).toBe(404);
    });

    it("404 for an unknown stored car, naming its place", async () => {
      const response = await call(`${service.base}/Compare`, key, {
        body: {
          ...body(),
          cars: [{ carDetail: petrolCar }, { carDetailId: "3fa85f64-5717-4562-b3fc-2c963f66afa6" }],
        },
      });
      expect(response.status).toBe(404);
      const problem = await readJson(response);
      expect(problem.detail).toContain("(cars.1.carDetailId)");
      // The field in errors[] too, as a 400 names it, so a client finds it without parsing detail.
      expect(problem.errors).toEqual([
        expect.objectContaining({ field: "cars.1.carDetailId", rule: "notFound" }),
      ]);
    });

    it.each([
      ["one car", { cars: [{ carDetail: petrolCar }] }, "cars", "min"],
      [
        "51 cars",
        { cars: Array.from({ length: 51 }, () => ({ carDetailId: "3fa85f64-5717-4562-b3fc-2c963f66afa6" })) },
        "cars",
        "max",
      ],
      ["a car without car", { cars: [{ carDetail: petrolCar }, {}] }, "cars.1.carDetail", "oneOf"],
      [
        "an invalid inline car",
        { cars: [{ carDetail: petrolCar }, { carDetail: { ...petrolCar, wltp: null } }] },
        "cars.1.carDetail.wltp",
        "requiredFrom2021",
      ],
      ["an unknown rankBy", { options: { ...options, rankBy: "Cheapest" } }, "options.rankBy", "enum"],
      ["years 11", { options: { ...options, years: 11 } }, "options.years", "max"],
    ])("400 problem+json for %s, naming field and rule", async (_, extra, field, rule) => {
      const response = await call(`${service.base}/Compare`, key, { body: { ...body(), ...extra } });
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toContain("application/problem+json");
      expect((await readJson(response)).errors).toContainEqual(expect.objectContaining({ field, rule }));
    });
  });
});
