import { describe, expect, it } from "vitest";
import { dec, floor, mul } from "../../exact";
import { rowAt } from "../parameter-table";
import { flandersRoadTaxScale } from "./annual-road-tax-tables";
import { flemishIndex } from "./flanders-index";

const HP = [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20];

/** VCF art. 2.2.4.0.1 §2 as printed in the codex: the amounts in force on 1 July 2013. */
const CODEX_2013 = {
  upTo20: [
    69.72, 87.24, 126.12, 164.76, 203.76, 242.64, 281.16, 364.92, 448.56, 532.08, 615.84, 699.48, 916.2,
    1133.16, 1350, 1566.36, 1783.2,
  ],
  perHorsepowerAbove20: 97.2,
};

/** The row's amounts as [≤4 … 20 HP, per HP above 20]. */
function amounts(date: string): number[] {
  const row = rowAt(flandersRoadTaxScale, date);
  if (!row) throw new Error(`no Flemish scale on ${date}`);
  return [...row.value.upTo20, row.value.perHorsepowerAbove20];
}

describe("Flemish road-tax scale (VCF art. 2.2.4.0.3: 2013 amounts × K, lowered to 0.12 €)", () => {
  it("indexes the table of art. 2.2.4.0.1 §2 in every window, down to a multiple of 0.12 €", () => {
    for (const row of flandersRoadTaxScale.rows) {
      expect(row.indexed?.base, row.from).toEqual(CODEX_2013);
      expect(row.indexed?.rounding, row.from).toBe("downToMultipleOf0.12");
    }
  });

  // Published Flemish base amounts valid 01/07/2022 – 30/06/2023, before the opdeciem
  // (https://www.autoverzekering-berekenen.be/verkeersbelasting/jaarlijkse-verkeersbelasting.html).
  it("reproduces every row of the published Flemish 2022-23 table", () => {
    expect(amounts("2022-07-01")).toEqual([
      84.36, 105.6, 152.64, 199.44, 246.6, 293.76, 340.32, 441.84, 543.12, 644.16, 745.56, 846.84, 1109.28,
      1371.96, 1634.52, 1896.48, 2159.04, 117.6,
    ]);
  });

  // Official Flemish simulator readings for 2025-26 (regional note §5).
  it("reproduces the simulator's 2025-26 amounts", () => {
    expect(amounts("2025-07-01")).toEqual([
      93.6, 117.12, 169.32, 221.28, 273.6, 325.8, 377.52, 490.08, 602.4, 714.6, 827.04, 939.36, 1230.48,
      1521.84, 1813.08, 2103.72, 2394.96, 130.44,
    ]);
  });

  // Simulator cells of 2026-27 (regional note §5): 4, 7, 9, 11, 15 and 20 HP.
  it("reproduces the simulator cells of 2026-27, provisional", () => {
    const row = rowAt(flandersRoadTaxScale, "2026-07-01");
    const cells: Record<number, number> = {
      4: 97.44,
      7: 230.28,
      9: 339.12,
      11: 510.12,
      15: 977.76,
      20: 2492.64,
    };
    for (const [hp, amount] of Object.entries(cells)) expect(row?.value.upTo20[Number(hp) - 4]).toBe(amount);
    expect(row?.provisional).toBe(true);
  });

  it("gives 340.32 for 10 HP in 2022-23 where Wallonia and Brussels publish 340.44 (cut, not rounded, to the cent)", () => {
    expect(amounts("2023-01-15")[HP.indexOf(10)]).toBe(340.32);
  });

  it("covers 2021-22 to 2026-27", () => {
    expect(rowAt(flandersRoadTaxScale, "2021-06-30")).toBeUndefined();
    expect(rowAt(flandersRoadTaxScale, "2021-07-01")).toBeDefined();
    expect(rowAt(flandersRoadTaxScale, "2027-06-30")).toBeDefined();
    expect(rowAt(flandersRoadTaxScale, "2027-07-01")).toBeUndefined();
  });

  // The LPG reduction of the green formula (100 € at the 1 July 2015 level × K, lowered to 0.12 €)
  // as vlaanderen.be publishes it per window: a check of the 2015-based K of flanders.index.
  it("indexes the LPG reduction to the amounts vlaanderen.be publishes (110.04, 119.88, 126.12)", () => {
    const published: Record<string, number> = {
      "2021-07-01": 110.04,
      "2022-07-01": 119.88,
      "2023-07-01": 126.12,
    };
    for (const [from, amount] of Object.entries(published)) {
      const k = rowAt(flemishIndex, from)?.value ?? 0;
      const cents = Number(floor(mul(dec(100), dec(k)), 2).n);
      expect((cents - (cents % 12)) / 100, from).toBe(amount);
    }
  });
});
