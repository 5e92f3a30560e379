import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { enumNames, ProfileStatus, Region, RegistrationOn } from "../core/enums";
import { yearOf } from "../core/iso-date";
import { carArb, isoDateArb } from "../testing/arbitraries";
import { lineOf } from "../testing/line-of";
import { computeTaxMatrix } from "./tax-matrix";

const matrixCaseArb = isoDateArb(2021, 2026).chain((registrationDate) =>
  fc.record({ registrationDate: fc.constant(registrationDate), car: carArb(registrationDate) }),
);

describe("computeTaxMatrix", () => {
  it("has one row per ProfileStatus × RegistrationOn and one entry per Region, from the enumerations", () => {
    fc.assert(
      fc.property(matrixCaseArb, ({ car, registrationDate }) => {
        const outcome = computeTaxMatrix(car, { registrationDate });
        expect(outcome.ok).toBe(true);
        if (!outcome.ok) return;
        const rows = outcome.matrix.rows;
        expect(rows.length).toBe(enumNames(ProfileStatus).length * enumNames(RegistrationOn).length);
        const pairs = new Set(rows.map((r) => `${r.status}/${r.registrationOn}`));
        expect(pairs.size).toBe(rows.length);
        for (const row of rows) expect(row.regions.map((e) => e.region)).toEqual(enumNames(Region));
      }),
      { numRuns: 30 },
    );
  });

  it("holds in each cell exactly what the single calculators return for that profile", () => {
    fc.assert(
      fc.property(matrixCaseArb, ({ car, registrationDate }) => {
        const outcome = computeTaxMatrix(car, { registrationDate });
        if (!outcome.ok) return;
        const year = yearOf(registrationDate);
        for (const row of outcome.matrix.rows) {
          for (const entry of row.regions) {
            const input = {
              car,
              profile: { status: row.status, registrationOn: row.registrationOn, region: entry.region },
              options: { registrationDate },
            };
            const road = lineOf(input, "RoadTax", year);
            const yearly = lineOf(input, "YearlyTax", year);
            expect(entry.roadTax).toBe(road.outcome === "amount" ? road.amount : null);
            expect(entry.yearlyTax).toBe(yearly.outcome === "amount" ? yearly.amount : null);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("returns the input issues of an invalid car instead of a matrix", () => {
    const outcome = computeTaxMatrix(
      {
        catalogPrice: 30000,
        fuel: "Petrol",
        euroStandard: "Euro6",
        kilowatt: 90,
        nedC2: 0,
        wltp: null,
        capacity: null,
      },
      { registrationDate: "2024-05-01" },
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.issues.map((i) => i.field)).toEqual(
      expect.arrayContaining(["carDetail.wltp", "carDetail.capacity"]),
    );
  });
});
