import { readFileSync } from "node:fs";
import { testDatabases } from "@cartax/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type Json, readJson, startTestService, type TestService } from "../../testing/test-service";

/**
 * Issue 40, point 1: the ranking in tiers, over HTTP, with the five stored cars of
 * packages/engine/test/fixtures/five-car-comparison.json (Wallonia, 4000, a company, 4 years): the
 * BMW 330e has no weight, so its registration tax has no figure. The four complete cars rank in
 * the order of their full employer taxes, registration tax included (the Mercedes is the car of
 * vector RT-WA-2025-006: 1,094.65 EUR); the 330e ranks after them, in a second tier that says it
 * is ranked without the registration tax, and why.
 */
const fixture = JSON.parse(
  readFileSync(
    new URL("../../../../../packages/engine/test/fixtures/five-car-comparison.json", import.meta.url),
    "utf8",
  ),
);
const EMPLOYER_TAXES = ["RoadTax", "YearlyTax", "CO2Contribution"];

/** The fields of one CSV line (RFC 4180 quoting; the test's fields never hold a quote). */
const csvFields = (line: string) =>
  [...line.matchAll(/(?:^|,)(?:"([^"]*)"|([^,]*))/g)].map((m) => m[1] ?? m[2] ?? "");

describe.each(testDatabases())("Compare's ranking in tiers on $dialect", (db) => {
  let service: TestService;
  let key: string;
  let ids: string[];
  beforeAll(async () => {
    if (!db.available) return;
    service = await startTestService(db);
    key = (await service.subscribe()).primaryKey;
    ids = [];
    for (const car of fixture.cars)
      ids.push((await readJson(await call(`${service.base}/CarDetails`, key, { body: car }))).id);
  });
  afterAll(async () => {
    if (db.available) await service.stop();
  });

  const body = (language: string) => ({
    cars: ids.map((carDetailId) => ({ carDetailId })),
    userProfile: { ...fixture.userProfile, language },
    options: fixture.options,
  });

  describe.skipIf(!db.available)("", () => {
    it("ranks the complete cars on their full totals and the car without weight after them, each tier saying its basis", async () => {
      const response = await call(`${service.base}/Compare`, key, { body: body("en") });
      expect(response.status).toBe(200);
      const comparison = await readJson(response);
      const { car, rawValue } = fixture.vectorRegistrationTax;
      expect(comparison.rows[car].lines.find((l: Json) => l.viewOption === "RoadTax").rawValue).toBe(
        rawValue,
      );
      const { entries, tiers } = comparison.ranking;
      expect(entries.map((e: Json) => e.index)).toEqual(fixture.expected.order);
      expect(entries.map((e: Json) => e.tier)).toEqual(fixture.expected.tiers);
      expect(entries.map((e: Json) => e.rank)).toEqual([1, 2, 3, 4, 5]);
      // Each complete car's value is its full employer taxes, added here from its lines.
      const cents = (index: number) =>
        comparison.rows[index].lines
          .filter((l: Json) => EMPLOYER_TAXES.includes(l.viewOption))
          .reduce((sum: number, l: Json) => sum + Math.round(l.rawValue * 100), 0);
      for (const entry of entries.slice(0, 4)) {
        expect(entry.rawValue).toBe(cents(entry.index) / 100);
        // The rank rule follows the projection's totals: the first tier's values are the rows' employer taxes.
        expect(entry.rawValue).toBe(comparison.rows[entry.index].summary.employerTaxes.rawValue);
      }
      const values = entries.slice(0, 4).map((e: Json) => e.rawValue);
      expect(values).toEqual([...values].sort((a: number, b: number) => a - b));
      expect(entries[4].missingFigures).toEqual([
        { viewOption: "RoadTax", year: 2025, outcome: "missingInput", missingFields: ["weight"] },
      ]);
      expect(tiers.map((t: Json) => [t.tier, t.lacking])).toEqual([
        [1, []],
        [2, [{ viewOption: "RoadTax", year: 2025 }]],
      ]);
      expect(tiers[0].basis).toContainEqual({ viewOption: "RoadTax", year: 2025 });
      expect(tiers[0].description).toContain("Registration tax 2025");
      expect(tiers[1].description).toContain("without Registration tax 2025 (missing: weight)");
    });

    it.each([
      ["nl", "zonder Belasting op de inverkeerstelling (BIV) 2025 (ontbreekt: weight)"],
      ["fr", "sans Taxe de mise en circulation (TMC) 2025 (manque : weight)"],
    ])(
      "states each tier's basis in the request's language (%s), in JSON, CSV and on the shared page",
      async (language, without) => {
        const comparison = await readJson(
          await call(`${service.base}/Compare`, key, { body: body(language) }),
        );
        expect(comparison.ranking.tiers[1].description).toContain(without);
        const csvResponse = await call(`${service.base}/Compare`, key, {
          body: body(language),
          headers: { accept: "text/csv" },
        });
        const lines = (await csvResponse.text())
          .replace(/^\uFEFF/, "")
          .trimEnd()
          .split("\r\n");
        const header = csvFields(lines[0] ?? "");
        const cell = (car: number, column: string) => csvFields(lines[car + 1] ?? "")[header.indexOf(column)];
        expect(header.slice(-3)).toEqual(["tier", "ranking basis", "figures without a figure"]);
        expect(cell(0, "tier")).toBe("2");
        expect(cell(0, "ranking basis")).toContain(without);
        expect(cell(1, "tier")).toBe("1");
        expect(cell(0, "figures without a figure")).toContain("RoadTax 2025 (missingInput: weight)");
        // The shared page ranks as the answer did, each tier with its basis.
        const url = await service.publicPage(key, `comparisonid=${comparison.comparisonId}`);
        const page = await (await fetch(`${url}?lang=${language}`)).text();
        const ranking = /<ol class="ranking"[^>]*>([\s\S]*?)<\/ol>/.exec(page)?.[1] ?? "";
        expect([...ranking.matchAll(/data-car="(\d+)"/g)].map((m) => Number(m[1]))).toEqual(
          fixture.expected.order,
        );
        const tierNotes = [...page.matchAll(/data-testid="tier-basis" data-tier="(\d)">([\s\S]*?)<\/p>/g)];
        expect(tierNotes.map((m) => m[1])).toEqual(["1", "2"]);
        expect(tierNotes[1]?.[2]).toContain(without);
      },
    );
  });
});
