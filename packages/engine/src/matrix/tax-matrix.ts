import { enumNames, ProfileStatus, Region, RegistrationOn } from "../core/enums";
import type { IsoDate } from "../core/iso-date";
import { yearOf } from "../core/iso-date";
import type { CalculationInput } from "../input/calculation-input";
import { type CarDetailInputLike, normalizeCalculationInput } from "../input/normalize-input";
import { checkInputRules, type InputIssue } from "../input/validate-input";
import { lineAmount } from "../operations/calculate";

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
  const roadTax = new CellRuns("RoadTax");
  const yearlyTax = new CellRuns("YearlyTax");
  const rows: TaxMatrixRow[] = [];
  for (const status of statuses) {
    for (const registrationOn of holders) {
      const entries: TaxMatrixRegionEntry[] = [];
      for (const region of regions) {
        entries.push({
          region,
          roadTax: roadTax.amount(car, options, year, status, registrationOn, region),
          yearlyTax: yearlyTax.amount(car, options, year, status, registrationOn, region),
        });
      }
      rows.push({ status, registrationOn, regions: entries });
    }
  }
  return { ok: true, matrix: { rows } };
}

/**
 * A profile that notes whether the calculator read its status and its holder. The calculators are
 * pure: a run that never read the status takes the same path, and gives the same amount, for every
 * status (likewise the holder), so its amount is every such cell's. A class, not an object literal
 * with getters: V8 builds such a literal in its runtime, far slower than a run it would save.
 */
class WatchedProfile {
  readStatus = false;
  readHolder = false;
  constructor(
    private readonly statusValue: ProfileStatus,
    private readonly holderValue: RegistrationOn,
    readonly region: Region,
  ) {}
  get status(): ProfileStatus {
    this.readStatus = true;
    return this.statusValue;
  }
  get registrationOn(): RegistrationOn {
    this.readHolder = true;
    return this.holderValue;
  }
}

/** One calculator's runs of a matrix, each with what it read of the profile. */
class CellRuns {
  private readonly runs: {
    readonly status: ProfileStatus | undefined; // undefined: never read, so any status
    readonly registrationOn: RegistrationOn | undefined;
    readonly region: Region;
    readonly amount: number | null;
  }[] = [];

  constructor(private readonly calculator: "RoadTax" | "YearlyTax") {}

  /**
   * The calculator's amount for a cell: the amount of an earlier run of the same region whose reads
   * of the status and the holder (if any) agree with the cell, else a new run. The matrix reads
   * amounts only (no explanation); the cells equal `lineAmount` of each profile (property test).
   */
  amount(
    car: CalculationInput["car"],
    options: CalculationInput["options"],
    year: number,
    status: ProfileStatus,
    registrationOn: RegistrationOn,
    region: Region,
  ): number | null {
    for (const run of this.runs) {
      if (
        run.region === region &&
        (run.status === undefined || run.status === status) &&
        (run.registrationOn === undefined || run.registrationOn === registrationOn)
      )
        return run.amount;
    }
    const profile = new WatchedProfile(status, registrationOn, region);
    const amount = lineAmount({ car, profile, options }, this.calculator, year);
    this.runs.push({
      status: profile.readStatus ? status : undefined,
      registrationOn: profile.readHolder ? registrationOn : undefined,
      region,
      amount,
    });
    return amount;
  }
}
