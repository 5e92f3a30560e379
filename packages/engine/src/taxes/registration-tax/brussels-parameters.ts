/**
 * Brussels registration tax (taxe de mise en circulation): the power table (power-table-parameters.ts),
 * without eco-malus. The ordinance of 19 April 2024 indexes the amounts from 1 July 2024 for every
 * owner except companies with leasing activities, which keep 61.50 … 4,957.
 */
import { parameter } from "../../law/parameters";

export interface BrusselsIndexation {
  /** Coefficient on the old amounts (and the 298 € LPG reduction), rounded to 4 decimals. */
  readonly coefficient: number;
  /** The lowest indexed bracket is disputed (FEBIAC shows 78.99 for 2026-27 instead of 78.88). */
  readonly minimumUncertain?: boolean;
}

export const brusselsIndexation = parameter<BrusselsIndexation>("brussels.tmc.indexation");
