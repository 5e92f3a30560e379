/**
 * @module
 * `@cartax/engine`: Belgian company-car taxation as a pure function of its inputs — registration
 * tax (BIV/TMC), annual road tax, benefit in kind (VAA/ATN), tax deductibility, rejected expenses
 * and the CO2 solidarity contribution — for every region, profile and date, each figure with its
 * legal source. No I/O and no clock: every date is an input.
 *
 * @example
 * ```ts
 * import { calculate, toCalculationLines } from "@cartax/engine";
 *
 * const outcome = calculate({
 *   car: { catalogPrice: 40000, fuel: "Petrol", euroStandard: "Euro6", kilowatt: 110,
 *          wltp: 130, nedC2: 0, capacity: 1498, firstRegistration: "2025-03-01" },
 *   profile: { status: "SelfEmployed", registrationOn: "CompanyRegistration", region: "Flanders" },
 *   options: { registrationDate: "2025-03-01" },
 * });
 * // Figures in `lines`; calculators and years without one (missing input, not applicable, rules
 * // not published) in `unavailableLines`, never as a zero.
 * if (outcome.ok) console.log(toCalculationLines(outcome.results, "nl"));
 * ```
 */

export {
  type CalculationLineOutcome,
  type CalculationOutcome,
  type CalculatorFunction,
  calculate,
  calculateLine,
  calculators,
  isRecurring,
  lineYears,
} from "./calculate";
export type {
  CalculationInput,
  CalculationOptions,
  CarDetailInput,
  TaxpayerProfile,
} from "./calculation-input";
export {
  type CalculationLine,
  type CalculationLines,
  describeResult,
  toCalculationLine,
  toCalculationLines,
  type UnavailableLine,
} from "./calculation-line";
export {
  COMPARISON_CARS,
  type Comparison,
  type ComparisonCar,
  type ComparisonOptions,
  type ComparisonOutcome,
  type ComparisonRow,
  compare,
  EMPLOYER_TAXES,
  type LeftOutFigure,
  type MissingFigure,
  type RankBy,
  type RankedCar,
  type Ranking,
  type RankingEntry,
  type RankingFigure,
  rankComparison,
} from "./comparison";
export {
  ALL_VIEW_OPTIONS,
  CALCULATORS,
  type Calculator,
  EuroStandard,
  enumNames,
  FuelType,
  LANGUAGES,
  type Language,
  ProfileStatus,
  parseEnum,
  parseViewOptions,
  Region,
  RegistrationOn,
  VIEW_OPTIONS_ACCEPTED,
  ViewOption,
} from "./enums";
export { FISCAL_HP_SOURCE, fiscalHorsepower } from "./fiscal-horsepower";
export { anniversaryIn, type IsoDate, isIsoDate } from "./iso-date";
export {
  type CalculationInputLike,
  type CarDetailInputLike,
  type EnumInput,
  normalizeCalculationInput,
  type TaxpayerProfileLike,
} from "./normalize-input";
export {
  PROJECTION_YEARS,
  type Projection,
  type ProjectionOptions,
  type ProjectionOutcome,
  type ProjectionTotal,
  type ProjectionYear,
  project,
  projectionOptionIssues,
} from "./projection";
export {
  BOOK_PAGES,
  type BookPageDefinition,
  type BookScope,
  SCOPE_REGION,
} from "./rule-book/book-pages";
export {
  type BookPage,
  type BookParameter,
  type BookRow,
  type BookSource,
  ruleBook,
  ruleBookPath,
} from "./rule-book/rule-book";
export type { ParameterRow, ParameterTable } from "./rules/parameter-table";
export { type RegisteredTable, RULE_TABLES } from "./rules/registry";
export type { Source } from "./rules/source";
export { RULES_VERSION } from "./rules-version";
export {
  computeTaxMatrix,
  type TaxMatrix,
  type TaxMatrixOptions,
  type TaxMatrixOutcome,
  type TaxMatrixRegionEntry,
  type TaxMatrixRow,
} from "./tax-matrix";
export {
  type Explanation,
  hasFigure,
  type NoteCode,
  type Outcome,
  type OutcomeWithoutFigure,
  type ParameterUse,
  type TaxResult,
} from "./tax-result";
export { CALCULATOR_NAMES } from "./texts/calculator-names";
export { formatEuro, formatPercent, shortDecimal } from "./texts/format-value";
export { NOTE_TEXTS } from "./texts/note-texts";
export {
  CAR_DETAIL_LIMITS,
  carDetailIssues,
  FIRST_REGISTRATION_RANGE,
  type InputIssue,
  ORDER_DATE_RANGE,
  REGISTRATION_DATE_RANGE,
  validateCalculationInput,
} from "./validate-input";
export { federalCo2, fuelFamily, isEuro6eBis, isPluginHybrid, isZeroEmission } from "./vehicle";
