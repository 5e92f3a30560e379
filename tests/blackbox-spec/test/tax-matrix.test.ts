/**
 * docs/contract.md: TaxMatrixResult, TaxMatrixRow, TaxMatrixRegionEntry, Endpoints (GetTaxMatrix);
 * README: the optional registrationDate and the date used in the answer. Each cell is checked
 * against what Calculate answers for the same car, profile, region and date.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  belgianToday,
  calculate,
  createCar,
  dieselCar2019,
  electricCar2026,
  expectProblem,
  expectValidation,
  get,
  type Line,
  petrolCar,
  phevCar,
  subs,
  uuid,
} from "./http.ts";

const STATUSES = ["Private", "SoleProprietor", "SelfEmployed"];
const REGISTRATIONS = ["PrivateRegistration", "CompanyRegistration", "LeasingCompanyRegistration"];
const REGIONS = ["Flanders", "Wallonia", "Brussels"];

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

const matrix = async (id: string, registrationDate?: string) => {
  const res = await get(
    `/GetTaxMatrix?id=${id}${registrationDate ? `&registrationDate=${registrationDate}` : ""}`,
  );
  expect(res.status, res.text).toBe(200);
  return res.json as { carDetailId: string; registrationDate: string; rows: Row[] };
};

const cell = (rows: Row[], status: string, registrationOn: string, region: string): Entry => {
  const row = rows.find((r) => r.status === status && r.registrationOn === registrationOn);
  expect(row, `${status}/${registrationOn}`).toBeTruthy();
  const entry = row?.regions.find((e) => e.region === region);
  expect(entry, `${status}/${registrationOn}/${region}`).toBeTruthy();
  return entry as Entry;
};

/** What a matrix cell must hold for a Calculate line: the amount, or null when there is no result. */
const expectedCell = (line: Line | undefined) => {
  if (!line) return null;
  if (line.outcome !== undefined) return line.outcome === "amount" ? line.rawValue : null;
  return line.rawValue;
};

const cars: Record<string, () => Record<string, unknown>> = {
  "petrol 2025": petrolCar,
  "diesel 2019": dieselCar2019,
  "electric 2026": electricCar2026,
  "electric 2025": () => ({ ...electricCar2026(), firstRegistration: "2025-01-10" }),
  "plug-in hybrid 2024": phevCar,
  "LPG 2023": () => ({ ...petrolCar(), fuel: "LPG", firstRegistration: "2023-05-01", wltp: 150 }),
};
const ids: Record<string, string> = {};

beforeAll(async () => {
  for (const [name, car] of Object.entries(cars)) ids[name] = await createCar(car());
});

describe("GetTaxMatrix shape (spec TaxMatrixResult)", () => {
  it("one row per status × registrationOn, one entry per region, amounts a number or null", async () => {
    const id = ids["petrol 2025"] as string;
    const m = await matrix(id, "2025-03-01");
    expect(m.carDetailId).toBe(id);
    expect(m.rows).toHaveLength(STATUSES.length * REGISTRATIONS.length);
    const combos = new Set(m.rows.map((r) => `${r.status}/${r.registrationOn}`));
    expect(combos.size).toBe(9);
    for (const s of STATUSES) for (const r of REGISTRATIONS) expect(combos).toContain(`${s}/${r}`);
    for (const row of m.rows) {
      expect(row.regions).toHaveLength(REGIONS.length);
      expect(new Set(row.regions.map((e) => e.region))).toEqual(new Set(REGIONS));
      for (const e of row.regions) {
        expect(Object.keys(e).sort()).toEqual(["region", "roadTax", "yearlyTax"]);
        for (const v of [e.roadTax, e.yearlyTax]) expect(v === null || typeof v === "number").toBe(true);
      }
    }
  });

  it("the answer says which registrationDate it used (README)", async () => {
    const m = await matrix(ids["petrol 2025"] as string, "2027-10-01");
    expect(m.registrationDate).toBe("2027-10-01");
  });

  it("without registrationDate the matrix is for a registration today, Belgian time (README)", async () => {
    const id = ids["petrol 2025"] as string;
    const m = await matrix(id);
    expect(m.registrationDate).toBe(belgianToday());
    const explicit = await matrix(id, m.registrationDate);
    expect(m.rows).toEqual(explicit.rows);
  });

  it("the same answer with the key in the header", async () => {
    const id = ids["diesel 2019"] as string;
    const byHeader = await get(`/GetTaxMatrix?id=${id}&registrationDate=2025-03-01`, { via: "header" });
    expect(byHeader.status).toBe(200);
    expect(byHeader.json).toEqual(await matrix(id, "2025-03-01"));
  });
});

describe("each matrix cell equals what Calculate answers for the same inputs", () => {
  for (const [name, car] of Object.entries(cars)) {
    // Registration dates on or after the car's first registration (an earlier one is refused, below).
    // 2025-06-30 / 2025-07-01: the Walloon reform and a 1 July index window; 2026-06-30 / 2026-07-01 likewise.
    const dates = [
      "2025-03-01",
      "2025-06-30",
      "2025-07-01",
      "2026-03-01",
      "2026-06-30",
      "2026-07-01",
      "2028-12-31",
    ].filter((d) => d >= String(car().firstRegistration ?? "2021-01-01"));
    for (const date of dates) {
      it(`${name}, registered ${date}`, async () => {
        const id = ids[name] as string;
        const m = await matrix(id, date);
        const year = Number(date.slice(0, 4));
        const mismatches: string[] = [];
        for (const status of STATUSES) {
          for (const registrationOn of REGISTRATIONS) {
            for (const region of REGIONS) {
              const lines = await calculate({
                carDetailId: id,
                userProfile: {
                  postalCode: 9000,
                  status,
                  registrationOn,
                  regionRegistration: region,
                  viewOptions: 3,
                },
                options: { registrationDate: date },
              });
              const road = expectedCell(lines.find((l) => l.viewOption === "RoadTax" && l.year === year));
              const yearly = expectedCell(lines.find((l) => l.viewOption === "YearlyTax" && l.year === year));
              const got = cell(m.rows, status, registrationOn, region);
              if (got.roadTax !== road || got.yearlyTax !== yearly) {
                mismatches.push(
                  `${status}/${registrationOn}/${region}: matrix ${got.roadTax}/${got.yearlyTax}, Calculate ${road}/${yearly}`,
                );
              }
            }
          }
        }
        expect(mismatches).toEqual([]);
      });
    }
  }
});

describe("figures worked by hand from the reference notes", () => {
  it("battery-electric registered 2026-03-01: Flanders BIV 61.50 and road tax 102.96 on every row", async () => {
    const m = await matrix(ids["electric 2026"] as string, "2026-03-01");
    for (const row of m.rows) {
      // regional.md §2.2 (61.50 from 2026, leasing included: art. 2.3.4.2.1 §4);
      // open-questions-resolved.md §1 (93.60 × 1.10 = 102.96, same for leasing and non-leasing owners).
      expect(cell(m.rows, row.status, row.registrationOn, "Flanders")).toEqual({
        region: "Flanders",
        roadTax: 61.5,
        yearlyTax: 102.96,
      });
    }
  });

  it("battery-electric registered 2026-03-01: Wallonia reform TMC at its 50 € floor for non-leasing rows", async () => {
    // regional.md §3.2: 495 (86–100 kW) × 1 (EV) × 1,900/1,838 × C (EV ≤ 120 kW: 0.01) ≈ 5.12 → floor 50 € (H).
    const m = await matrix(ids["electric 2026"] as string, "2026-03-01");
    for (const status of STATUSES) {
      for (const registrationOn of ["PrivateRegistration", "CompanyRegistration"]) {
        expect(cell(m.rows, status, registrationOn, "Wallonia").roadTax).toBe(50);
      }
    }
  });

  it("battery-electric registered 2025: null (exempt) for both Flemish taxes on every row", async () => {
    // regional.md §2.2: exempt when registered on or before 31 Dec 2025; the spec: null when an exemption applies.
    const m = await matrix(ids["electric 2025"] as string, "2025-06-01");
    for (const row of m.rows) {
      expect(cell(m.rows, row.status, row.registrationOn, "Flanders")).toEqual({
        region: "Flanders",
        roadTax: null,
        yearlyTax: null,
      });
    }
  });

  it("Citroën C3 1.2 (81 kW, WLTP 120, 1,570 kg) registered 2026-03-01: Wallonia 92.70 for non-leasing rows", async () => {
    // regional.md §3.2 published check (lavenir 2023): 123 × 120/136 × 1,570/1,838 × 1 = 92.70.
    const id = await createCar({
      catalogPrice: 18000,
      firstRegistration: "2026-03-01",
      fuel: "Petrol",
      euroStandard: "Euro6",
      kilowatt: 81,
      wltp: 120,
      nedC2: 0,
      capacity: 1199,
      weight: 1570,
    });
    const m = await matrix(id, "2026-03-01");
    for (const status of STATUSES) {
      for (const registrationOn of ["PrivateRegistration", "CompanyRegistration"]) {
        expect(cell(m.rows, status, registrationOn, "Wallonia").roadTax).toBe(92.7);
      }
    }
  });
});

describe("GetTaxMatrix errors (spec Endpoints › GetTaxMatrix, Errors)", () => {
  it("400 when id is missing", async () => {
    expectValidation(await get("/GetTaxMatrix"), "id", "required");
  });

  it("400 when id is not a valid GUID", async () => {
    for (const bad of ["nope", "12345", `${uuid()}x`, ""]) {
      const res = await get(`/GetTaxMatrix?id=${encodeURIComponent(bad)}`);
      expectProblem(res, 400, "validation_error");
      expect(res.json.errors[0].field).toBe("id");
    }
  });

  it("404 when no car detail exists for the id", async () => {
    expectProblem(await get(`/GetTaxMatrix?id=${uuid()}`), 404, "not_found");
  });

  it("404 for another account's car detail", async () => {
    expectProblem(
      await get(`/GetTaxMatrix?id=${ids["petrol 2025"]}`, { key: subs().other.primaryKey }),
      404,
      "not_found",
    );
  });

  it("400 naming registrationDate when it is not yyyy-MM-dd", async () => {
    expectValidation(
      await get(`/GetTaxMatrix?id=${ids["petrol 2025"]}&registrationDate=2025-6-1`),
      "registrationDate",
      "date",
    );
  });

  // Disagreement with docs/contract.md, Errors ("errors: [{field, rule, message}] names each" field): a query
  // registrationDate outside 2021–2028 is reported as field `options.registrationDate`, a field the
  // GetTaxMatrix request does not have.
  it("400 naming the query parameter registrationDate when it is out of range", async () => {
    expectValidation(
      await get(`/GetTaxMatrix?id=${ids["petrol 2025"]}&registrationDate=2035-06-01`),
      "registrationDate",
      "range",
    );
  });

  it("a registrationDate out of range is a 400 in any case", async () => {
    expectProblem(
      await get(`/GetTaxMatrix?id=${ids["petrol 2025"]}&registrationDate=2035-06-01`),
      400,
      "validation_error",
    );
  });

  // Disagreement: the spec allows 400 on GetTaxMatrix only when "id is missing or not a valid GUID",
  // and makes a cell null "when there is no result". A car detail that POST /CarDetails accepted
  // (firstRegistration omitted, so wltp not required: spec CarDetail) answers 400 with
  // `carDetail.wltp` requiredFrom2021 for every registration date the service models (2021–2028).
  it("a car detail the service stored is answered with a 200 matrix (no wltp, no firstRegistration)", async () => {
    const { firstRegistration: _, wltp: __, ...car } = dieselCar2019();
    const id = await createCar(car);
    const res = await get(`/GetTaxMatrix?id=${id}&registrationDate=2025-03-01`);
    expect(res.status, res.text).toBe(200);
  });

  // Disagreement, same family: for a registrationDate before the car's firstRegistration (a car
  // configured before it is first registered, or the default "today" for such a car) the service
  // answers 400 (`carDetail.firstRegistration` notAfterRegistration) where the spec allows 400 only
  // for a missing or malformed id.
  it("a registrationDate before the car's first registration still answers a 200 matrix", async () => {
    const res = await get(`/GetTaxMatrix?id=${ids["electric 2026"]}&registrationDate=2025-03-01`);
    expect(res.status, res.text).toBe(200);
  });
});
