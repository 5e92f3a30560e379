import { describe, expect, it } from "vitest";
import { dec, mul, toEuros } from "../../exact";
import { rowAt } from "../parameter-table";
import { flemishIndex } from "./flanders-index";
import { brusselsRoadTaxScale, flandersRoadTaxScale, walloniaRoadTaxScale } from "./road-tax-tables";

// Amounts including the 10 % as published (regional note §5: SYSBO 2021-22, BS 2022-23, L2F 2023-24/2024-25).
const PUBLISHED_INCLUDING_SURCHARGE: Record<string, readonly number[]> = {
  "2021-07-01": [
    85.27, 106.66, 154.04, 201.3, 248.95, 296.6, 343.73, 446.03, 548.33, 650.36, 752.66, 854.96, 1119.89,
    1384.94, 1650, 1914.53, 2179.58,
  ],
  "2022-07-01": [
    92.93, 116.16, 167.9, 219.38, 271.39, 323.27, 374.48, 486.02, 597.43, 708.71, 820.25, 931.66, 1220.34,
    1509.16, 1797.97, 2086.13, 2374.94,
  ],
  "2023-07-01": [
    97.68, 122.23, 176.62, 230.87, 285.38, 340.03, 394.02, 511.24, 628.58, 745.54, 862.88, 980.1, 1283.7,
    1587.56, 1891.43, 2194.63, 2498.5,
  ],
  "2024-07-01": [
    100.98, 126.32, 182.56, 238.52, 295.02, 351.52, 407.22, 528.4, 649.7, 770.62, 891.79, 1013.1, 1326.86,
    1640.89, 1954.92, 2268.29, 2582.32,
  ],
};

describe("road-tax scales", () => {
  for (const [from, published] of Object.entries(PUBLISHED_INCLUDING_SURCHARGE)) {
    it(`reproduce the published amounts of the window from ${from}`, () => {
      const row = rowAt(walloniaRoadTaxScale, from);
      expect(row?.value.upTo20.map((a) => toEuros(mul(dec(a), dec(1.1))))).toEqual(published);
    });
  }

  it("hold only multiples of 0.12 € (VCF art. 2.2.4.0.3)", () => {
    for (const table of [flandersRoadTaxScale, walloniaRoadTaxScale, brusselsRoadTaxScale]) {
      for (const row of table.rows) {
        for (const amount of [...row.value.upTo20, row.value.perHorsepowerAbove20]) {
          expect(Math.round(amount * 100) % 12).toBe(0);
        }
      }
    }
  });

  it("cover the Flemish index windows 2021-22 to 2026-27 and nothing later", () => {
    for (const date of ["2021-07-01", "2023-01-15", "2026-06-30", "2027-06-30"]) {
      expect(rowAt(flandersRoadTaxScale, date)).toBeDefined();
      expect(rowAt(flemishIndex, date)).toBeDefined();
    }
    expect(rowAt(flandersRoadTaxScale, "2027-07-01")).toBeUndefined();
    expect(rowAt(flandersRoadTaxScale, "2021-06-30")).toBeUndefined();
  });

  it("index the Flemish minimum and maximum BIV as 41.99 × K and 10,497.70 × K", () => {
    for (const row of flemishIndex.rows) {
      expect(toEuros(mul(dec(41.99), dec(row.value.k)))).toBe(row.value.bivMinimum);
      expect(toEuros(mul(dec(10497.7), dec(row.value.k)))).toBe(row.value.bivMaximum);
    }
  });
});
