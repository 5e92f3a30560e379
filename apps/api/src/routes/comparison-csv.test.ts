import { describe, expect, it } from "vitest";
import { comparisonCsv } from "./comparison-csv";

const row = (name: string | null, bik2026: number | null) => ({
  carDetailId: null,
  name,
  lines: [
    { viewOption: "RoadTax", year: 2026, rawValue: 100.5 },
    ...(bik2026 === null ? [] : [{ viewOption: "BenefitInKind", year: 2026, rawValue: bik2026 }]),
  ],
  unavailableLines: bik2026 === null ? [{ viewOption: "BenefitInKind", year: 2026 }] : [],
  totals: [
    { viewOption: "RoadTax", rawValue: 100.5 },
    { viewOption: "BenefitInKind", rawValue: bik2026 },
  ],
});

describe("comparisonCsv", () => {
  it("writes one line per car, one column per calculator and year that any car has, an empty cell without a figure", () => {
    const csv = comparisonCsv({
      years: [2026, 2027],
      rows: [row('A, "quoted"', 3000), row('=HYPERLINK("x")', null)],
      ranking: {
        entries: [
          { index: 0, rank: 1 },
          { index: 1, rank: 2 },
        ],
      },
    });
    expect(csv.split("\r\n")).toEqual([
      "carDetailId,name,RoadTax 2026,BenefitInKind 2026,RoadTax total,BenefitInKind total,rank",
      ',"A, ""quoted""",100.5,3000,100.5,3000,1',
      ',"\'=HYPERLINK(""x"")",100.5,,100.5,,2',
      "",
    ]);
  });
});
