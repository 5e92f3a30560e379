import { testDatabases } from "@cartax/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type Json, readJson, startTestService, type TestService } from "../../testing/test-service";

/**
 * Issue 31, point 1: Compare ranks on a common basis. Two identical Walloon diesels, one without
 * `weight`: the car of RT-WA-2025-004 (test-vectors/registration-tax/wallonia-2025.json), whose
 * registration tax of 1 July 2025 is 769.99 EUR (hand-computed from the Walloon reform decree).
 * Without its weight that tax has no figure, and the car must not rank first for it.
 */
const walloonDiesel = {
  name: "Citroën C5 diesel",
  catalogPrice: 35000,
  fuel: "Diesel" as const,
  euroStandard: "Euro6" as const,
  kilowatt: 110,
  wltp: 148,
  nedC2: 0,
  capacity: 1598,
  weight: 1500,
};
const { weight: _weight, ...withoutWeight } = walloonDiesel;
const EMPLOYER = ["RoadTax", "YearlyTax", "CO2Contribution"];
const walloonProfile = {
  postalCode: 5000,
  status: "Private" as const,
  registrationOn: "PrivateRegistration" as const,
  regionRegistration: "Wallonia" as const,
};
const body = (years: number) => ({
  cars: [{ carDetail: { ...withoutWeight, name: "Sans poids, Liège" } }, { carDetail: walloonDiesel }],
  userProfile: walloonProfile,
  options: { registrationDate: "2025-07-01", years },
});

/** The fields of one CSV line (RFC 4180 quoting), read as a spreadsheet does. */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      fields.push(field);
      field = "";
    } else field += char;
  }
  fields.push(field);
  return fields;
}

describe.each(testDatabases())("Compare's ranking on a common basis on $dialect", (db) => {
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
    it("ranks the car whose registration tax has no figure after the same car with it, in JSON, CSV and the shared page", async () => {
      const response = await call(`${service.base}/Compare`, key, { body: body(2) });
      expect(response.status).toBe(200);
      const comparison = await readJson(response);
      const roadTax = comparison.rows[1].lines.find((l: Json) => l.viewOption === "RoadTax");
      expect(roadTax.rawValue).toBe(769.99);
      expect(comparison.rows[0].unavailableLines).toContainEqual(
        expect.objectContaining({
          viewOption: "RoadTax",
          outcome: "missingInput",
          missingFields: ["weight"],
        }),
      );
      const { entries, basis } = comparison.ranking;
      expect(entries.map((e: Json) => [e.index, e.rank])).toEqual([
        [1, 1],
        [0, 2],
      ]);
      expect(entries[1].missingFigures).toEqual([
        { viewOption: "RoadTax", year: 2025, outcome: "missingInput", missingFields: ["weight"] },
      ]);
      expect(entries[0].missingFigures).toEqual([]);
      expect(basis).not.toContainEqual({ viewOption: "RoadTax", year: 2025 });
      // Issue 40: each is ranked in its own tier; the first value adds the registration tax too.
      expect(entries.map((e: Json) => e.tier)).toEqual([1, 2]);
      expect(Math.round(entries[0].rawValue * 100) - Math.round(entries[1].rawValue * 100)).toBe(76999);

      const csvResponse = await call(`${service.base}/Compare`, key, {
        body: body(2),
        headers: { accept: "text/csv" },
      });
      expect(csvResponse.status).toBe(200);
      const bytes = new Uint8Array(await csvResponse.arrayBuffer());
      // A UTF-8 byte order mark, so Excel reads "Liège" and "Citroën" as written.
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1);
      expect(csv).toContain("Sans poids, Liège");
      const lines = csv.trimEnd().split("\r\n");
      const header = csvFields(lines[0] ?? "");
      const cells = (i: number, column: string) => csvFields(lines[i + 1] ?? "")[header.indexOf(column)];
      expect(header).toContain("RoadTax total complete");
      expect(lines.slice(1).map((line) => csvFields(line).length)).toEqual([header.length, header.length]);
      expect(cells(0, "name")).toBe("Sans poids, Liège");
      expect(cells(0, "rank")).toBe("2");
      expect(cells(1, "rank")).toBe("1");
      expect(cells(0, "RoadTax total complete")).toBe("false");
      expect(cells(1, "RoadTax total complete")).toBe("true");
      expect(cells(0, "missing figures")).toBe("RoadTax 2025 (weight)");
      expect(cells(1, "missing figures")).toBe("");
      const csvId = /comparison-([0-9a-f-]{36})\.csv/.exec(
        csvResponse.headers.get("content-disposition") ?? "",
      )?.[1];
      expect(csvResponse.headers.get("content-disposition")).toBe(
        `attachment; filename="comparison-${csvId}.csv"`,
      );
      // Content-Location answers the same CSV.
      const location = csvResponse.headers.get("content-location") ?? "";
      expect(location).toBe(`/v1/Comparisons/${csvId}/csv`);
      const again = await call(`${service.server.url}${location}`, key);
      expect(again.status).toBe(200);
      expect(again.headers.get("content-type")).toContain("text/csv");
      expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);

      // The shared page ranks as the answer did.
      const url = await service.publicPage(key, `comparisonid=${comparison.comparisonId}`);
      const page = await (await fetch(`${url}?lang=en`)).text();
      const ranking = /<ol class="ranking"[^>]*>([\s\S]*?)<\/ol>/.exec(page)?.[1] ?? "";
      expect([...ranking.matchAll(/data-car="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([1, 0]);
      expect(ranking).toContain("lacks Registration tax 2025 (weight)");
    });

    it("leaves out for every car the years whose rules are not published, and says which", async () => {
      const comparison = await readJson(await call(`${service.base}/Compare`, key, { body: body(10) }));
      const { leftOut, entries, tiers } = comparison.ranking;
      // The rule tables hold no income year 2034.
      expect(leftOut).toContainEqual({
        viewOption: "YearlyTax",
        year: 2034,
        outcomes: ["rulesNotAvailable"],
      });
      // Each value adds the figures of its tier's basis (every figure its car has), and nothing else.
      for (const entry of entries) {
        const row = comparison.rows[entry.index];
        const basis = tiers[entry.tier - 1].basis;
        expect(basis).toHaveLength(row.lines.filter((l: Json) => EMPLOYER.includes(l.viewOption)).length);
        const cents = basis.reduce((sum: number, f: Json) => {
          const line = row.lines.find((l: Json) => l.viewOption === f.viewOption && l.year === f.year);
          return sum + Math.round(line.rawValue * 100);
        }, 0);
        expect(entry.rawValue).toBe(cents / 100);
        // The row's own total is not complete (years without rules), and says so.
        expect(entry.complete).toBe(false);
      }
      expect(entries.map((e: Json) => e.index)).toEqual([1, 0]);
    });
  });
});
