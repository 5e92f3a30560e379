import { lineAmount } from "./calculate";
import { enumNames, ProfileStatus, Region, RegistrationOn } from "./enums";
import type { IsoDate } from "./iso-date";
import { yearOf } from "./iso-date";
import { type CarDetailInputLike, normalizeCalculationInput } from "./normalize-input";
import { checkInputRules, type InputIssue } from "./validate-input";

/**
 * One cell group of the matrix: both taxes in one region (null where no amount applies: an
 * exemption too, as docs/contract.md says, and every line without a figure).
 */
export interface TaxMatrixRegionEntry {
  readonly region: Region;
  /** Registration tax, or null when there is no amount (exemption, missing input, rules not available, …). */
  readonly roadTax: number | null;
  /** Annual road tax of the current year, or null when there is no amount. */
  readonly yearlyTax: number | null;
}

/** One row of the matrix: a taxpayer status and registration holder, with an entry per region. */
export interface TaxMatrixRow {
  readonly status: ProfileStatus;
  readonly registrationOn: RegistrationOn;
  readonly regions: readonly TaxMatrixRegionEntry[];
}

/** The matrix of registration tax and yearly road tax: one row per ProfileStatus × RegistrationOn. */
export interface TaxMatrix {
  readonly rows: readonly TaxMatrixRow[];
}

/** The dates the matrix is computed for. */
export interface TaxMatrixOptions {
  readonly registrationDate: IsoDate;
  readonly orderDate?: IsoDate | null;
}

/** What `computeTaxMatrix` answers: the matrix, or the input issues that prevent it. */
export type TaxMatrixOutcome =
  | { readonly ok: true; readonly matrix: TaxMatrix }
  | { readonly ok: false; readonly issues: readonly InputIssue[] };

/**
 * RoadTax and YearlyTax (current year) of one car for every ProfileStatus × RegistrationOn and
 * every Region. Rows and regions come from iterating the enumerations, so a new value appears
 * without code changes; each cell is exactly what the single calculators return.
 */
export function computeTaxMatrix(rawCar: CarDetailInputLike, rawOptions: TaxMatrixOptions): TaxMatrixOutcome {
  // The shape, enumerations and rules are checked once, on the first profile (they do not depend on it).
  const checked = normalizeCalculationInput({
    car: rawCar,
    profile: { status: "Private", registrationOn: "PrivateRegistration", region: "Flanders" },
    options: rawOptions,
  });
  if (!checked.ok) return checked;
  const issues = checkInputRules(checked.input);
  if (issues.length > 0) return { ok: false, issues };
  const { car, options } = checked.input;
  const year = yearOf(options.registrationDate);
  const statuses = enumNames(ProfileStatus);
  const holders = enumNames(RegistrationOn);
  const regions = enumNames(Region);
  const rows: TaxMatrixRow[] = [];
  for (const status of statuses) {
    for (const registrationOn of holders) {
      const entries: TaxMatrixRegionEntry[] = [];
      for (const region of regions) {
        const input = { car, profile: { status, registrationOn, region }, options };
        entries.push({
          region,
          roadTax: lineAmount(input, "RoadTax", year),
          yearlyTax: lineAmount(input, "YearlyTax", year),
        });
      }
      rows.push({ status, registrationOn, regions: entries });
    }
  }
  return { ok: true, matrix: { rows } };
}
