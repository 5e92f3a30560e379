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
    { viewOption: "RoadTax", rawValue: 100.5, complete: true },
    { viewOption: "BenefitInKind", rawValue: bik2026, complete: bik2026 !== null },
    { viewOption: "FiscalDeduction", rawValue: 75, complete: true },
  ],
});

describe("comparisonCsv", () => {
  it("writes one line per car, one column per calculator and year that any car has, an empty cell without a figure", () => {
    const csv = comparisonCsv({
      years: [2026, 2027],
      rows: [row('A, "quoted"', 3000), row('=HYPERLINK("x")', null)],
      ranking: {
        entries: [
          { index: 0, rank: 1, rawValue: 100.5, missingFigures: [] },
          {
            index: 1,
            rank: 2,
            rawValue: 100.5,
            missingFigures: [
              {
                viewOption: "BenefitInKind",
                year: 2026,
                outcome: "missingInput",
                missingFields: ["wltp", "nedC2"],
              },
            ],
          },
        ],
      },
    });
    // Excel reads the file as UTF-8 only after a byte order mark.
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.slice(1).split("\r\n")).toEqual([
      "carDetailId,name,RoadTax 2026,BenefitInKind 2026,RoadTax total,RoadTax total complete,BenefitInKind total,BenefitInKind total complete,FiscalDeduction mean,FiscalDeduction mean complete,rank,ranked value,missing figures,employer taxes,employer taxes complete,tier,ranking basis,figures without a figure",
      // A comparison saved before the totals were grouped has no summary, and before issue 40 no
      // tiers: empty cells, never 0; the figures without a figure are named all the same.
      ',"A, ""quoted""",100.5,3000,100.5,true,3000,true,75,true,1,100.5,,,,,,',
      ',"\'=HYPERLINK(""x"")",100.5,,100.5,true,,false,75,true,2,100.5,"BenefitInKind 2026 (wltp, nedC2)",,,,,BenefitInKind 2026',
      "",
    ]);
  });
});
