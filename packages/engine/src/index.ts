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
} from "./core/enums";
export { anniversaryIn, type IsoDate, isIsoDate } from "./core/iso-date";
export { REGISTRATION_DATE_RANGE } from "./core/registration-date-range";
export { RULES_VERSION } from "./core/rules-version";
export {
  type Explanation,
  hasFigure,
  type NoteCode,
  type Outcome,
  type OutcomeWithoutFigure,
  type ParameterUse,
  type TaxResult,
} from "./core/tax-result";
export {
  type CalculationLine,
  type CalculationLines,
  describeResult,
  toCalculationLine,
  toCalculationLines,
  type UnavailableLine,
} from "./explanation/calculation-line";
export {
  BOOK_PAGES,
  type BookPageDefinition,
  type BookScope,
  SCOPE_REGION,
} from "./explanation/rule-book/book-pages";
export {
  type BookPage,
  type BookParameter,
  type BookRow,
  type BookSource,
  ruleBook,
  ruleBookPath,
} from "./explanation/rule-book/rule-book";
export { CALCULATOR_NAMES } from "./explanation/texts/calculator-names";
export { formatEuro, formatPercent } from "./explanation/texts/format-value";
export { NOTE_TEXTS } from "./explanation/texts/note-texts";
export type {
  CalculationInput,
  CalculationOptions,
  CarDetailInput,
  TaxpayerProfile,
} from "./input/calculation-input";
export { FISCAL_HP_SOURCE, fiscalHorsepower } from "./input/fiscal-horsepower";
export {
  type CalculationInputLike,
  type CarDetailInputLike,
  type EnumInput,
  normalizeCalculationInput,
  type TaxpayerProfileLike,
} from "./input/normalize-input";
export {
  CAR_DETAIL_LIMITS,
  carDetailIssues,
  FIRST_REGISTRATION_RANGE,
  type InputIssue,
  inputRuleIssues,
  ORDER_DATE_RANGE,
  validateCalculationInput,
} from "./input/validate-input";
export { federalCo2, fuelFamily, isEuro6eBis, isPluginHybrid, isZeroEmission } from "./input/vehicle";
export type { CarriedParameter, ParameterRow, ParameterTable } from "./law/parameter-table";
export { type RegisteredTable, RULE_TABLES } from "./law/registry";
export type { Source } from "./law/source";
export {
  computeTaxMatrix,
  type TaxMatrix,
  type TaxMatrixOptions,
  type TaxMatrixOutcome,
  type TaxMatrixRegionEntry,
  type TaxMatrixRow,
} from "./matrix/tax-matrix";
export {
  type BenefitInKindSchedule,
  benefitInKindSchedule,
  SCHEDULE_MAX_DAYS,
  type ScheduleMonth,
  type ScheduleOptions,
  type ScheduleOutcome,
  type ScheduleYear,
  scheduleOptionIssues,
} from "./operations/benefit-in-kind-schedule";
export {
  type CalculationLineOutcome,
  type CalculationOutcome,
  type CalculatorFunction,
  calculate,
  calculateLine,
  calculators,
  isRecurring,
  lineYears,
} from "./operations/calculate";
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
  type RankingTier,
  rankComparison,
} from "./operations/comparison";
export type { YearPart } from "./operations/held-part";
export {
  type CorporateTaxRate,
  type GroupTotal,
  PROJECTION_YEARS,
  type Projection,
  type ProjectionOptions,
  type ProjectionOutcome,
  type ProjectionSummary,
  type ProjectionTotal,
  type ProjectionYear,
  project,
  projectionOptionIssues,
  type TaxEstimate,
} from "./operations/projection";
export { CORPORATE_TAX_RATES, MAX_YEARLY_CAR_COSTS } from "./operations/projection-summary";
export { FIGURE_KINDS, type FigureKind } from "./operations/projection-totals";
