/**
 * Spec "TaxMatrixResult", "GET {base_url}/GetTaxMatrix"; README (optional registrationDate).
 * Amounts are compared with Calculate for the same inputs, and a few with hand-derived figures from
 * docs/research/regional.md (source beside each figure).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  bb,
  calculate,
  call,
  createCar,
  electricCar,
  expectProblem,
  expectValidation,
  petrolCar,
} from "./helpers";

const STATUSES = ["Private", "SoleProprietor", "SelfEmployed"];
const HOLDERS = ["PrivateRegistration", "CompanyRegistration", "LeasingCompanyRegistration"];
const REGIONS = ["Flanders", "Wallonia", "Brussels"];
const POSTAL: Record<string, number> = { Flanders: 9000, Wallonia: 5000, Brussels: 1000 };
const DATE = "2025-03-01";

interface Entry {
  region: string;
  roadTax: number | null;
  yearlyTax: number | null;
}
interface Row {
  status: string;
  registrationOn: string;
  regions: Entry[];
}

let petrolId: string;
let evId: string;

async function matrix(id: string, registrationDate = DATE): Promise<{ carDetailId: string; rows: Row[] }> {
  const answer = await call("GET", "/GetTaxMatrix", { query: { id, registrationDate } });
  expect(answer.status, answer.text).toBe(200);
  return answer.json;
}

function cell(rows: Row[], status: string, registrationOn: string, region: string): Entry {
  const row = rows.find((r) => r.status === status && r.registrationOn === registrationOn);
  const entry = row?.regions.find((e) => e.region === region);
  if (!entry) throw new Error(`no cell ${status}/${registrationOn}/${region}`);
  return entry;
}

beforeAll(async () => {
  petrolId = await createCar();
  evId = await createCar(electricCar());
});

describe("GET /GetTaxMatrix: shape", () => {
  it("echoes carDetailId; one row per status × registrationOn; one entry per region; names as strings", async () => {
    const result = await matrix(petrolId);
    expect(result.carDetailId).toBe(petrolId);
    const combos = result.rows.map((r) => `${r.status}/${r.registrationOn}`).sort();
    const expected = STATUSES.flatMap((s) => HOLDERS.map((h) => `${s}/${h}`)).sort();
    expect(combos).toEqual(expected);
    for (const row of result.rows) {
      expect(row.regions.map((e) => e.region).sort()).toEqual([...REGIONS].sort());
      for (const entry of row.regions) {
        expect(entry.roadTax === null || typeof entry.roadTax === "number").toBe(true);
        expect(entry.yearlyTax === null || typeof entry.yearlyTax === "number").toBe(true);
      }
    }
  });

  it("states which registration date it used (given, or today in Belgian time by default)", async () => {
    const given = await call("GET", "/GetTaxMatrix", { query: { id: petrolId, registrationDate: DATE } });
    expect(given.text).toContain(DATE);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Brussels" }).format(new Date());
    const byDefault = await call("GET", "/GetTaxMatrix", { query: { id: petrolId } });
    expect(byDefault.status).toBe(200);
    expect(byDefault.text).toContain(today);
  });
});

describe("GET /GetTaxMatrix: every cell equals Calculate for the same inputs", () => {
  it.each([
    ["petrol car", () => petrolId],
    ["electric car", () => evId],
  ])("%s: roadTax and yearlyTax of each status × holder × region", async (_label, id) => {
    const result = await matrix(id());
    const jobs: Array<Promise<void>> = [];
    for (const status of STATUSES) {
      for (const registrationOn of HOLDERS) {
        for (const region of REGIONS) {
          jobs.push(
            (async () => {
              const answer = await calculate({
                carDetailId: id(),
                userProfile: {
                  postalCode: POSTAL[region],
                  status,
                  registrationOn,
                  regionRegistration: region,
                  viewOptions: 3,
                },
                options: { registrationDate: DATE },
              });
              expect(answer.status, answer.text).toBe(200);
              const lines = answer.json.lines as Array<{
                viewOption: string;
                year: number;
                rawValue: number;
                outcome?: string;
              }>;
              const value = (view: string) => {
                const line = lines.find((l) => l.viewOption === view && l.year === 2025);
                if (!line) return null;
                if (line.outcome !== undefined && line.outcome !== "amount") return null;
                return line.rawValue;
              };
              const entry = cell(result.rows, status, registrationOn, region);
              const where = `${status}/${registrationOn}/${region}`;
              expect(entry.roadTax, `roadTax ${where}`).toBe(value("RoadTax"));
              expect(entry.yearlyTax, `yearlyTax ${where}`).toBe(value("YearlyTax"));
            })(),
          );
        }
      }
    }
    await Promise.all(jobs);
  });
});

describe("GET /GetTaxMatrix: hand-derived figures (docs/research/regional.md)", () => {
  it("Wallonia and Brussels annual road tax of a 1,498 cc petrol car, registered 2025-03-01: 8 CV → 295.02 on every row", async () => {
    // CV: regional.md §1.1 — 1,498 cc → 15 dl → 4×1.5 + 2.00 = 8 CV [H].
    // Amount: regional.md §5, column 2024-25 incl. [H] (index window 1 Jul 2024 – 30 Jun 2025), 8 CV = 295.02;
    // §3.3 / §4.2: Wallonia and Brussels use the plain CV table for every holder.
    const result = await matrix(petrolId);
    for (const row of result.rows) {
      for (const region of ["Wallonia", "Brussels"]) {
        expect(
          cell(result.rows, row.status, row.registrationOn, region).yearlyTax,
          `${row.status}/${row.registrationOn}/${region}`,
        ).toBe(295.02);
      }
    }
  });

  it("Brussels registration tax of a new 110 kW / 8 CV car on 2025-03-01: leasing 867.00, others 1,047.25", async () => {
    // regional.md §4.1: higher of CV (8 CV → 61.50) and kW (101–110 kW → 867) amounts [H]; leasing companies keep
    // 867.00 [H]. Non-leasing holders pay the indexed amount: open-questions-resolved.md §2b, window
    // 1 Jul 2024 – 30 Jun 2025, coefficient 1.2079 → 1,047.25 (regional.md's full-fraction 1,047.28 is superseded there).
    const result = await matrix(petrolId);
    for (const status of STATUSES) {
      expect(cell(result.rows, status, "LeasingCompanyRegistration", "Brussels").roadTax).toBe(867);
      expect(cell(result.rows, status, "CompanyRegistration", "Brussels").roadTax).toBe(1047.25);
      expect(cell(result.rows, status, "PrivateRegistration", "Brussels").roadTax).toBe(1047.25);
    }
  });

  it("Flanders: an electric car registered in 2025 is exempt from BIV and road tax → null (spec: null when an exemption applies)", async () => {
    // regional.md §6: Flanders EV/H2 exempt from BIV if registered ≤ 2025 (leasing: Flemish-seat lessors 2020–2025),
    // road tax exempt (≤ 2025).
    const result = await matrix(evId);
    for (const row of result.rows) {
      const entry = cell(result.rows, row.status, row.registrationOn, "Flanders");
      expect(entry.roadTax, `${row.status}/${row.registrationOn}`).toBeNull();
      expect(entry.yearlyTax, `${row.status}/${row.registrationOn}`).toBeNull();
    }
  });
});

describe("GET /GetTaxMatrix: errors", () => {
  it("missing id is 400; an id that is not a GUID is 400 with rule uuid", async () => {
    expectValidation(await call("GET", "/GetTaxMatrix"), "id");
    expectValidation(await call("GET", "/GetTaxMatrix", { query: { id: "not-a-guid" } }), "id", "uuid");
  });

  it("unknown id and another account's id are 404", async () => {
    expectProblem(await call("GET", "/GetTaxMatrix", { query: { id: randomUUID() } }), 404, "not_found");
    expectProblem(
      await call("GET", "/GetTaxMatrix", { query: { id: petrolId }, key: bb.other.primaryKey }),
      404,
      "not_found",
    );
  });

  it("a prices-include-VAT subscription's matrix equals the same car stored without VAT", async () => {
    const vatId = await createCar(petrolCar({ catalogPrice: 48400 }), bb.vat.primaryKey);
    const vatAnswer = await call("GET", "/GetTaxMatrix", {
      query: { id: vatId, registrationDate: DATE },
      key: bb.vat.primaryKey,
    });
    const plain = await matrix(petrolId);
    expect(vatAnswer.status).toBe(200);
    const flat = (rows: Row[]) =>
      rows
        .flatMap((r) =>
          r.regions.map((e) => `${r.status}/${r.registrationOn}/${e.region}=${e.roadTax}/${e.yearlyTax}`),
        )
        .sort();
    expect(flat(vatAnswer.json.rows)).toEqual(flat(plain.rows));
  });
});
