import type { Fraction } from "../core/exact";
import { anniversaryIn, type IsoDate, yearOf } from "../core/iso-date";
import type { Records } from "../core/result-builder";
import type { CalculationInput } from "./calculation-input";
import { firstRegistrationOf } from "./vehicle";

/** Everything a calculator needs to evaluate one line (one tax, one year). */
export interface LineContext {
  readonly input: CalculationInput;
  readonly year: number;
  /** The anniversary of the registration date in `year`: the day the line is evaluated on. */
  readonly evaluationDate: IsoDate;
  /**
   * The income year whose law the line applies: `year` itself, except in a projection that assumes
   * the latest published rules for a year whose rules are not published (`project`, option
   * `assumeLatestRules`); the line then says which year it assumed.
   */
  readonly lawYear: number;
  /**
   * The day whose law the recurring taxes read (their parameters in force then): the anniversary
   * of the registration date in `lawYear`, so `evaluationDate` unless the law is assumed. Ages and
   * regimes keep the real dates (`evaluationDate`, `orderDate`, `registrationDate`).
   */
  readonly lawDate: IsoDate;
  readonly registrationDate: IsoDate;
  /**
   * The day whose law the one-off registration tax reads: `registrationDate`, moved back by as many
   * years as `lawYear` is before `year` when the law is assumed.
   */
  readonly registrationLawDate: IsoDate;
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
 * The context of one line of `year`. `lawYear` (default `year`) is the year whose published law the
 * line applies: the one seam through which a projection assumes earlier rules for a later year;
 * calculators read parameters at `lawDate` / `registrationLawDate` and never decide this themselves.
 */
export function lineContext(
  input: CalculationInput,
  year: number,
  explain = true,
  lawYear = year,
): LineContext {
  const registrationDate = input.options.registrationDate;
  const evaluationDate = anniversaryIn(registrationDate, year);
  const assumed = lawYear !== year;
  return {
    input,
    year,
    evaluationDate,
    lawYear,
    lawDate: assumed ? anniversaryIn(registrationDate, lawYear) : evaluationDate,
    registrationDate,
    registrationLawDate: assumed
      ? anniversaryIn(registrationDate, yearOf(registrationDate) - (year - lawYear))
      : registrationDate,
    orderDate: input.options.orderDate ?? registrationDate,
    firstRegistration: firstRegistrationOf(input.car, registrationDate),
    shared: { grossBenefitInKind: undefined },
    explain,
  };
}
