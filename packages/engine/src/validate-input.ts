import type { CalculationInput } from "./calculation-input";
import { isIsoDate } from "./iso-date";
import { isPluginHybrid, needsCapacity } from "./vehicle";

/** A rule of the input the engine cannot calculate without; `field` is a JSON path of the request. */
export interface InputIssue {
  readonly field: string;
  readonly rule: string;
  readonly message: string;
}

/** Registration dates the engine answers for (the issue's contract). */
export const REGISTRATION_DATE_RANGE = { from: "2021-01-01", to: "2028-12-31" } as const;

const finiteAtLeast = (value: unknown, lowest: number): boolean =>
  typeof value === "number" && Number.isFinite(value) && value >= lowest;

/**
 * Checks the rules of the interface spec that involve several fields or the law's date range.
 * Shapes and types are checked by the zod schemas of `@cartax/schemas` before this.
 */
export function validateCalculationInput(input: CalculationInput): InputIssue[] {
  const issues: InputIssue[] = [];
  const { car, options } = input;
  const issue = (field: string, rule: string, message: string) => issues.push({ field, rule, message });

  if (!isIsoDate(options.registrationDate)) {
    issue("options.registrationDate", "date", "registrationDate must be a date as yyyy-MM-dd");
  } else if (
    options.registrationDate < REGISTRATION_DATE_RANGE.from ||
    options.registrationDate > REGISTRATION_DATE_RANGE.to
  ) {
    issue(
      "options.registrationDate",
      "range",
      `registrationDate must lie from ${REGISTRATION_DATE_RANGE.from} to ${REGISTRATION_DATE_RANGE.to}`,
    );
  }
  if (options.orderDate != null && !isIsoDate(options.orderDate)) {
    issue("options.orderDate", "date", "orderDate must be a date as yyyy-MM-dd");
  }
  if (car.firstRegistration != null) {
    if (!isIsoDate(car.firstRegistration)) {
      issue("carDetail.firstRegistration", "date", "firstRegistration must be a date as yyyy-MM-dd");
    } else if (isIsoDate(options.registrationDate) && car.firstRegistration > options.registrationDate) {
      issue(
        "carDetail.firstRegistration",
        "notAfterRegistration",
        "firstRegistration cannot be after options.registrationDate",
      );
    }
  }
  if (!finiteAtLeast(car.catalogPrice, 0))
    issue("carDetail.catalogPrice", "min", "catalogPrice must be a number ≥ 0");
  if (!finiteAtLeast(car.kilowatt, 0)) issue("carDetail.kilowatt", "min", "kilowatt must be a number ≥ 0");
  if (!finiteAtLeast(car.nedC2, 0)) issue("carDetail.nedC2", "min", "nedC2 must be a number ≥ 0");
  if (car.wltp != null && !finiteAtLeast(car.wltp, 0))
    issue("carDetail.wltp", "min", "wltp must be a number ≥ 0");
  const firstRegistration = car.firstRegistration ?? options.registrationDate;
  if (isIsoDate(firstRegistration) && firstRegistration >= "2021-01-01" && car.wltp == null) {
    issue(
      "carDetail.wltp",
      "requiredFrom2021",
      "wltp is mandatory for cars first registered on or after 2021-01-01",
    );
  }
  if (needsCapacity(car.fuel) && !finiteAtLeast(car.capacity, 1)) {
    issue("carDetail.capacity", "requiredForFuel", `capacity (cc) is required for fuel ${car.fuel}`);
  }
  if (isPluginHybrid(car.fuel) && !finiteAtLeast(car.batteryCapacity, 0)) {
    issue(
      "carDetail.batteryCapacity",
      "requiredForFuel",
      `batteryCapacity (kWh) is required for fuel ${car.fuel}`,
    );
  }
  if (car.weight != null && !finiteAtLeast(car.weight, 1))
    issue("carDetail.weight", "min", "weight must be a number ≥ 1 kg");
  if (options.ownMonthlyCost != null && !finiteAtLeast(options.ownMonthlyCost, 0)) {
    issue("options.ownMonthlyCost", "min", "ownMonthlyCost must be a number ≥ 0");
  }
  return issues;
}
