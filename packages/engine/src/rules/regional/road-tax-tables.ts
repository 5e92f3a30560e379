/**
 * Annual road tax by fiscal horsepower, per index window (1 July – 30 June), BEFORE the 10 %
 * opdeciem / décimes additionnels: the amounts of the 1 July 2013 table (VCF art. 2.2.4.0.1 §2;
 * the same scale in Wallonia and Brussels) indexed each 1 July and lowered to a multiple of 0.12 €
 * (art. 2.2.4.0.3). Where a source publishes only the amounts including the 10 %, the base is the
 * unique 0.12 € multiple whose × 1.10 rounds to it (checked in road-tax-tables.test.ts).
 */
import { indexWindow, type ParameterRowDeclaration, parameterTable } from "../parameter-table";
import { REGIONAL_SOURCES as S } from "./sources";

export interface RoadTaxScale {
  /** Amounts for ≤4, 5, 6, … 20 fiscal HP (index = HP − 4). */
  readonly upTo20: readonly number[];
  /** Added per fiscal HP above 20. */
  readonly perHorsepowerAbove20: number;
  /** Cells derived against the reference's printed figure (results using them are provisional). */
  readonly provisionalCells?: readonly (number | "above20")[];
}

const scale = (amounts: readonly number[]): RoadTaxScale => ({
  upTo20: amounts.slice(0, 17),
  perHorsepowerAbove20: amounts[17] ?? 0,
});

// biome-ignore format: one window per line reads as the published table
const ROWS = {
  w2021: scale([77.52, 96.96, 140.04, 183, 226.32, 269.64, 312.48, 405.48, 498.48, 591.24, 684.24, 777.24, 1018.08, 1259.04, 1500, 1740.48, 1981.44, 108]),
  w2022: scale([84.48, 105.6, 152.64, 199.44, 246.72, 293.88, 340.44, 441.84, 543.12, 644.28, 745.68, 846.96, 1109.4, 1371.96, 1634.52, 1896.48, 2159.04, 117.72]),
  w2023: scale([88.8, 111.12, 160.56, 209.88, 259.44, 309.12, 358.2, 464.76, 571.44, 677.76, 784.44, 891, 1167, 1443.24, 1719.48, 1995.12, 2271.36, 123.84]),
  w2024: scale([91.8, 114.84, 165.96, 216.84, 268.2, 319.56, 370.2, 480.36, 590.64, 700.56, 810.72, 921, 1206.24, 1491.72, 1777.2, 2062.08, 2347.56, 128.04]),
  w2025: scale([93.6, 117.12, 169.32, 221.28, 273.6, 325.8, 377.52, 490.08, 602.4, 714.6, 827.04, 939.36, 1230.48, 1521.84, 1813.08, 2103.72, 2394.96, 130.44]),
  w2026: scale([97.44, 121.92, 176.28, 230.28, 284.76, 339.12, 393, 510.12, 627, 743.76, 860.76, 977.76, 1280.76, 1584, 1887.12, 2189.52, 2492.64, 135.84]),
};

const COMMON_ROWS: readonly ParameterRowDeclaration<RoadTaxScale>[] = [
  indexWindow(2021, ROWS.w2021, [S.sysbo, S.bs2022w], {
    note: "Published including the 10 % (SYSBO tc.json); base = amount / 1.10, each a 0.12 € multiple.",
  }),
  indexWindow(2022, ROWS.w2022, [S.bs2022w, S.bs2022b]),
  indexWindow(2023, ROWS.w2023, [S.l2f2023, S.hln2023], {
    note: "Published including the 10 % (Link2Fleet).",
  }),
  indexWindow(2024, ROWS.w2024, [S.l2f2024], { note: "Published including the 10 % (Link2Fleet)." }),
  indexWindow(2025, ROWS.w2025, [S.takscheck], {
    note: "Derived from official Flemish simulator outputs (regional note §5, M); Wallonia/Brussels assumed identical.",
  }),
];

/** Flanders (and Flemish leasing-company cars). */
export const flandersRoadTaxScale = parameterTable<RoadTaxScale>({
  id: "flanders.roadTax.scale",
  description: "Flemish road tax by fiscal HP before the opdeciem",
  unit: "EUR/year",
  lastChecked: "2026-11-22",
  rows: [
    ...COMMON_ROWS,
    indexWindow(2026, { ...ROWS.w2026, provisionalCells: [10, 19, "above20"] }, [S.takscheck], {
      note: "Simulator cells at 4, 7, 9, 11, 15 and 20 HP (regional note §5, M) fix the coefficient on the 2013 base within [1.397895, 1.397914); the other cells are 2013 base × that coefficient lowered to 0.12 €. This gives 393.00 (10 HP), 2,189.52 (19 HP) and 135.84 (per HP above 20) where regional.md §5 prints 392.88, 2,189.64 and 135.72, which fit no single coefficient.",
    }),
  ],
});

/**
 * Wallonia and Brussels (one table: the official 2022-23 notices are identical, and FEBIAC 2026-27
 * gives identical amounts). 2026-27: FEBIAC's 9 HP amount (373.16 incl. → 339.24) is 0.12 € above
 * the Flemish simulator's 339.12; the other classes are assumed equal to the Flemish table.
 */
const WALLONIA_BRUSSELS_2026 = indexWindow(
  2026,
  { ...ROWS.w2026, upTo20: ROWS.w2026.upTo20.map((a, i) => (i === 5 ? 339.24 : a)) },
  [S.febiac2026, S.takscheck],
  {
    provisional: true,
    note: "FEBIAC Taxo readings at 4, 7, 9 and 15 HP; the other classes assumed equal to the Flemish table.",
  },
);

export const walloniaRoadTaxScale = parameterTable<RoadTaxScale>({
  id: "wallonia.roadTax.scale",
  description: "Walloon road tax by fiscal HP before the décimes additionnels",
  unit: "EUR/year",
  lastChecked: "2026-11-22",
  rows: [...COMMON_ROWS, WALLONIA_BRUSSELS_2026],
});

/**
 * Brussels: the same amounts, but from 1 July 2023 to 30 June 2026 no Brussels table was read, and
 * a press lead (sudinfo, June 2023: "+1.73 %" in Brussels) contradicts equality (regional note §4.2,
 * open-questions §2c): those windows are provisional.
 */
export const brusselsRoadTaxScale = parameterTable<RoadTaxScale>({
  id: "brussels.roadTax.scale",
  description: "Brussels road tax by fiscal HP before the décimes additionnels",
  unit: "EUR/year",
  lastChecked: "2026-11-22",
  rows: [
    ...COMMON_ROWS.map((row) =>
      row.from >= "2023-07-01"
        ? {
            ...row,
            provisional: true,
            note: `${row.note ?? ""} Brussels assumed equal to Wallonia (CONFLICT, cents-level).`.trim(),
          }
        : row,
    ),
    WALLONIA_BRUSSELS_2026,
  ],
});

/** The 10 % opdeciem (VCF art. 2.2.4.0.5) / décimes additionnels charged on the road tax. */
export const ROAD_TAX_SURCHARGE = { factor: 1.1, source: S.vcf } as const;

/**
 * Additional road tax of LPG cars (aanvullende verkeersbelasting / taxe de circulation
 * complémentaire, VCF art. 2.2.4.0.4): not indexed, no opdeciem, all regions and owners.
 */
export const LPG_SUPPLEMENT: readonly { readonly maxHorsepower: number; readonly amount: number }[] = [
  { maxHorsepower: 7, amount: 89.16 },
  { maxHorsepower: 13, amount: 148.68 },
  { maxHorsepower: Number.POSITIVE_INFINITY, amount: 208.2 },
];
export const LPG_SUPPLEMENT_SOURCES = [S.vlb2020, S.l2f2024, S.sysbo] as const;

/** The amount of the scale for a fiscal HP (≤4 HP pays the first class). */
export function scaleAmount(
  table: RoadTaxScale,
  horsepower: number,
): { base: number; extraHorsepower: number } {
  const last = table.upTo20.length - 1;
  const index = Math.min(Math.max(horsepower - 4, 0), last);
  return { base: table.upTo20[index] ?? 0, extraHorsepower: Math.max(horsepower - 20, 0) };
}
