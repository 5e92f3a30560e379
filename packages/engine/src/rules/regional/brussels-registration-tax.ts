/**
 * Brussels registration tax (taxe de mise en circulation): the power table (power-table.ts),
 * without eco-malus. The ordinance of 19 April 2024 indexes the amounts from 1 July 2024 for every
 * owner except companies with leasing activities, which keep 61.50 … 4,957.
 */
import { indexWindow, parameterTable } from "../parameter-table";
import { REGIONAL_SOURCES as S } from "./sources";

export interface BrusselsIndexation {
  /** Coefficient on the old amounts (and the 298 € LPG reduction), rounded to 4 decimals. */
  readonly coefficient: number;
  /** The lowest indexed bracket is disputed (FEBIAC shows 78.99 for 2026-27 instead of 78.88). */
  readonly minimumUncertain?: boolean;
}

/** Before 1 July 2024 (and for leasing companies always): the amounts of the table, unindexed. */
export const BRUSSELS_INDEXATION_FROM = "2024-07-01";

export const brusselsIndexation = parameterTable<BrusselsIndexation>({
  id: "brussels.tmc.indexation",
  description: "Indexation coefficient of the Brussels registration-tax amounts (non-leasing owners)",
  unit: "factor",
  lastChecked: "2026-11-22",
  rows: [
    { from: "2001-01-01", until: "2024-06-30", value: { coefficient: 1 }, sources: [S.brusselsTmc, S.sysbo] },
    indexWindow(2024, { coefficient: 1.2079 }, [S.brusselsIndexation, S.taxcalc], {
      provisional: true,
      note: "131.58/108.93 rounded to 4 decimals; the full fraction would give up to 0.16 € more (open-questions §2b, M-).",
    }),
    indexWindow(2025, { coefficient: 1.2323 }, [S.taxcalc], {
      provisional: true,
      note: "Only the maximum 6,108.51 seen in an AI-assisted source fixes 1.2323 (open-questions §2b, M-).",
    }),
    indexWindow(2026, { coefficient: 1.2826, minimumUncertain: true }, [S.febiac2026]),
  ],
});
