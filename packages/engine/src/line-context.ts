import type { CalculationInput } from "./calculation-input";
import type { Fraction } from "./exact";
import { anniversaryIn, type IsoDate } from "./iso-date";
import type { Records } from "./result-builder";
import { firstRegistrationOf } from "./vehicle";

/** Everything a calculator needs to evaluate one line (one tax, one year). */
export interface LineContext {
  readonly input: CalculationInput;
  readonly year: number;
  /** The anniversary of the registration date in `year`: the day the line is evaluated on. */
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

export function lineContext(input: CalculationInput, year: number, explain = true): LineContext {
  const registrationDate = input.options.registrationDate;
  return {
    input,
    year,
    evaluationDate: anniversaryIn(registrationDate, year),
    registrationDate,
    orderDate: input.options.orderDate ?? registrationDate,
    firstRegistration: firstRegistrationOf(input.car, registrationDate),
    shared: { grossBenefitInKind: undefined },
    explain,
  };
}
