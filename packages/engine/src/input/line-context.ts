import type { Fraction } from "../core/exact";
import { anniversaryIn, type IsoDate, yearOf } from "../core/iso-date";
import type { Records } from "../core/result-builder";
import type { CalculationInput } from "./calculation-input";
import { firstRegistrationOf } from "./vehicle";

/** Everything a calculator needs to evaluate one line (one tax, one year). */
export interface LineContext {
  readonly input: CalculationInput;
  readonly year: number;
  /**
   * The day the line is evaluated on, whose law it reads (the parameters in force then) and on
   * which ages are counted: the anniversary of the registration date in `year` for a yearly line,
   * a day of the month for a month of the benefit-in-kind schedule.
   */
  readonly evaluationDate: IsoDate;
  readonly registrationDate: IsoDate;
  /** Order date, falling back to the registration date. */
  readonly orderDate: IsoDate;
  /** First registration anywhere, falling back to the registration date (a new car). */
  readonly firstRegistration: IsoDate;
  /**
   * Intermediate results shared by the calculators of one calculation and year (e.g. the gross
   * BIK, which RejectedExpenses reuses). Lives as long as the context, never across calls.
   */
  readonly shared: SharedResults;
  /**
   * Whether results carry their explanation. The matrix reads amounts only and skips assembling
   * them; every result that leaves the engine through `calculate` or `calculateLine` has it.
   */
  readonly explain: boolean;
}

/** The intermediate results that several calculators of one context use, once computed. */
export interface SharedResults {
  /** The gross BIK (null: its parameters are missing) and what computing it recorded. */
  grossBenefitInKind: { readonly value: Fraction | null; readonly records: Records } | undefined;
}

/**
 * The context of one line of `year`, evaluated on the anniversary of the registration date in
 * that year. Calculators read their parameters at `evaluationDate` (the one-off registration tax
 * at `registrationDate`); whether a year without published rules carries the latest rows is
 * decided around the run (`lookingUpUnpublished`), never by a calculator.
 */
export function lineContext(input: CalculationInput, year: number, explain = true): LineContext {
  return lineContextOn(input, anniversaryIn(input.options.registrationDate, year), explain);
}

/** The context of a line evaluated on `date` (a month of the benefit-in-kind schedule), in its year. */
export function lineContextOn(input: CalculationInput, date: IsoDate, explain = true): LineContext {
  const registrationDate = input.options.registrationDate;
  return {
    input,
    year: yearOf(date),
    evaluationDate: date,
    registrationDate,
    orderDate: input.options.orderDate ?? registrationDate,
    firstRegistration: firstRegistrationOf(input.car, registrationDate),
    shared: { grossBenefitInKind: undefined },
    explain,
  };
}
