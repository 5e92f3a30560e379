import type { Calculator } from "../enums";
import { bikMinimum, bikReferenceCo2 } from "./federal/benefit-in-kind";
import {
  healthIndexSeptember,
  minimumBaseNew,
  minimumBaseOld,
  multiplierNew,
} from "./federal/co2-contribution";
import {
  phaseOutCeiling,
  pitPluginHybridCap51to75,
  zeroEmissionByOrderYear,
} from "./federal/fiscal-deduction";
import type { ParameterTable } from "./parameter-table";
import { brusselsIndexation } from "./regional/brussels-registration-tax";
import { flemishIndex } from "./regional/flanders-index";
import { bivQ, bivX, bivZeroEmissionFlat } from "./regional/flanders-registration-tax";
import { roadTaxZeroEmissionFlat } from "./regional/flanders-road-tax";
import { brusselsRoadTaxScale, flandersRoadTaxScale, walloniaRoadTaxScale } from "./regional/road-tax-tables";
import { walloonReformIndexation } from "./regional/wallonia-registration-tax";

/** A rule table and the calculators whose results it can change. */
export interface RegisteredTable {
  readonly table: ParameterTable<unknown>;
  readonly calculators: readonly Calculator[];
}

const BIK: readonly Calculator[] = ["BenefitInKind", "RejectedExpenses"]; // rejected expenses are 17/40 % of the BIK

/**
 * Every dated parameter table of the engine, with the calculators it feeds: what `cartax rules
 * export` prints and `cartax rules diff` compares, so an operator knows which `updatedCalculations`
 * a change notifies. A table added to the engine is added here (a test checks each module's tables are).
 */
export const RULE_TABLES: readonly RegisteredTable[] = [
  { table: bikReferenceCo2, calculators: BIK },
  { table: bikMinimum, calculators: BIK },
  { table: healthIndexSeptember, calculators: ["CO2Contribution"] },
  { table: minimumBaseOld, calculators: ["CO2Contribution"] },
  { table: minimumBaseNew, calculators: ["CO2Contribution"] },
  { table: multiplierNew, calculators: ["CO2Contribution"] },
  { table: phaseOutCeiling, calculators: ["FiscalDeduction"] },
  { table: zeroEmissionByOrderYear, calculators: ["FiscalDeduction"] },
  { table: pitPluginHybridCap51to75, calculators: ["FiscalDeduction"] },
  { table: brusselsIndexation, calculators: ["RoadTax"] },
  { table: bivX, calculators: ["RoadTax"] },
  { table: bivQ, calculators: ["RoadTax"] },
  { table: bivZeroEmissionFlat, calculators: ["RoadTax"] },
  { table: walloonReformIndexation, calculators: ["RoadTax"] },
  { table: flemishIndex, calculators: ["RoadTax", "YearlyTax"] },
  { table: roadTaxZeroEmissionFlat, calculators: ["YearlyTax"] },
  { table: flandersRoadTaxScale, calculators: ["YearlyTax"] },
  { table: walloniaRoadTaxScale, calculators: ["YearlyTax"] },
  { table: brusselsRoadTaxScale, calculators: ["YearlyTax"] },
] as RegisteredTable[];
