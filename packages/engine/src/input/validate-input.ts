import { type IsoDate, isIsoDate } from "../core/iso-date";
import { REGISTRATION_DATE_RANGE } from "../core/registration-date-range";
import type { CalculationInput, CarDetailInput } from "./calculation-input";
import { normalizeCalculationInput } from "./normalize-input";
import { isPluginHybrid, needsCapacity } from "./vehicle";

/** A rule of the input the engine cannot calculate without; `field` is a JSON path of the request. */
export interface InputIssue {
  readonly field: string;
  readonly rule: string;
  readonly message: string;
}

/**
 * The JSON path an option checker names its issues under: the caller's `prefix` when it is text,
 * else "options". The checkers are public and JavaScript callers may pass anything; an object
 * whose `toString` is not a function would make a template literal throw.
 */
export function issuePrefix(prefix: unknown): string {
  return typeof prefix === "string" ? prefix : "options";
}

/**
 * First registration dates a car may carry: from the first car (Benz's patent, 1886-01-29) to the
 * last registration date the engine answers for. Earlier or later dates are typos (0001, 9999) that
 * would otherwise be stored and calculated as a car older than any car, or one never registered.
 */
export const FIRST_REGISTRATION_RANGE = { from: "1886-01-29", to: REGISTRATION_DATE_RANGE.to } as const;

/**
 * Order dates a calculation may carry: from the start of the rules that read the order date
 * (`deduction.zeroEmissionByOrderYear` begins on 1900-01-01; a test keeps the two together) to the
 * last registration date. Earlier dates are typos (0001) that the rules would answer with
 * "not published yet".
 */
export const ORDER_DATE_RANGE = { from: "1900-01-01", to: REGISTRATION_DATE_RANGE.to } as const;

/**
 * Bounds the spec leaves "not shown": generous limits of real cars, so that typos (a price in
 * cents, CO2 in mg) are caught as invalid input instead of producing absurd taxes. The zod schemas
 * of `@cartax/schemas` use the same limits.
 */
export const CAR_DETAIL_LIMITS = {
  maxCatalogPrice: 10_000_000,
  maxKilowatt: 2_000,
  maxCo2: 1_000,
  maxCapacity: 20_000,
  maxWeight: 10_000,
  maxBatteryKwh: 500,
  maxNameLength: 200,
  maxOwnMonthlyCost: 100_000,
} as const;

const L = CAR_DETAIL_LIMITS;

const inRange = (value: unknown, lowest: number, highest: number): boolean =>
  typeof value === "number" && Number.isFinite(value) && value >= lowest && value <= highest;

/**
 * Checks an input at run time (shape, enumerations by name or number, see
 * normalizeCalculationInput) and what the engine needs beyond the types: the ranges above, the rules of the contract (docs/contract.md)
 * that involve several fields, and the law's date range. Direct users of the package get these as
 * issues, never as an exception; the HTTP service checks shapes with `@cartax/schemas` first.
 */
export function validateCalculationInput(input: unknown): InputIssue[] {
  const normalized = normalizeCalculationInput(input);
  return normalized.ok ? checkInputRules(normalized.input) : normalized.issues;
}

/**
 * The range and cross-field rules on an input whose shape may be wrong anywhere: for a caller that
 * checks shapes itself and reports every problem of a request in one answer (the HTTP service's
 * schemas, docs/contract.md). A part that is not an object is read as empty; rules about a field
 * the caller already refused are the caller's to leave out.
 */
export function inputRuleIssues(input: unknown): InputIssue[] {
  const parts = isObject(input) ? input : {};
  const car = isObject(parts.car) ? parts.car : {};
  const options = isObject(parts.options) ? parts.options : {};
  return checkInputRules({ car, options } as unknown as CalculationInput);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/** The range and cross-field rules, on an input whose shape and enumerations are already checked. */
export function checkInputRules(input: CalculationInput): InputIssue[] {
  const issues: InputIssue[] = [];
  const { car, options } = input;
  const issue = (field: string, rule: string, message: string) => issues.push({ field, rule, message });
  const range = (field: string, value: unknown, lowest: number, highest: number, unit: string) => {
    if (!inRange(value, lowest, highest))
      issue(field, "range", `${field} must be a number from ${lowest} to ${highest} ${unit}`);
  };

  const registration = options.registrationDate;
  if (!isIsoDate(registration)) {
    issue("options.registrationDate", "date", "registrationDate must be a date as yyyy-MM-dd");
  } else if (registration < REGISTRATION_DATE_RANGE.from || registration > REGISTRATION_DATE_RANGE.to) {
    issue(
      "options.registrationDate",
      "range",
      `registrationDate must lie from ${REGISTRATION_DATE_RANGE.from} to ${REGISTRATION_DATE_RANGE.to}`,
    );
  }
  if (options.orderDate != null) {
    if (!isIsoDate(options.orderDate)) {
      issue("options.orderDate", "date", "orderDate must be a date as yyyy-MM-dd");
    } else if (options.orderDate < ORDER_DATE_RANGE.from || options.orderDate > ORDER_DATE_RANGE.to) {
      issue(
        "options.orderDate",
        "range",
        `orderDate must lie from ${ORDER_DATE_RANGE.from} to ${ORDER_DATE_RANGE.to}`,
      );
    } else if (isIsoDate(registration) && options.orderDate > registration) {
      // A car is ordered (or its lease signed) before it is registered; a later order date would
      // apply a future regime to earlier years.
      issue(
        "options.orderDate",
        "notAfterRegistration",
        "orderDate cannot be after options.registrationDate",
      );
    }
  }
  for (const carIssue of carDetailIssues(car, isIsoDate(registration) ? registration : null)) {
    issues.push({ ...carIssue, field: `carDetail.${carIssue.field}` });
  }
  if (options.ownMonthlyCost != null) {
    range("options.ownMonthlyCost", options.ownMonthlyCost, 0, L.maxOwnMonthlyCost, "EUR");
  }
  return issues;
}

/**
 * The rules of a car on its own (docs/contract.md, CarDetail), the one place they live: the engine
 * applies them to every calculation, @cartax/schemas to POST and PUT /CarDetails. `registrationDate`
 * is the calculation's, or null for a stored car: wltp is then required only when
 * `firstRegistration` is from 2021 (without a calculation there is no date to fall back on).
 * Fields are relative to the car (`wltp`, `capacity`, …).
 */
export function carDetailIssues(car: CarDetailInput, registrationDate: IsoDate | null): InputIssue[] {
  const issues: InputIssue[] = [];
  const issue = (field: string, rule: string, message: string) => issues.push({ field, rule, message });
  const range = (field: string, value: unknown, lowest: number, highest: number, unit: string) => {
    if (!inRange(value, lowest, highest))
      issue(field, "range", `${field} must be a number from ${lowest} to ${highest} ${unit}`);
  };
  // Checked at run time too (a direct caller may pass anything parsed from JSON).
  if (typeof car !== "object" || car === null) {
    return [{ field: "(car)", rule: "type", message: "the car must be an object" }];
  }
  const registration = isIsoDate(registrationDate) ? registrationDate : null;
  if (car.firstRegistration != null) {
    if (!isIsoDate(car.firstRegistration)) {
      issue("firstRegistration", "date", "firstRegistration must be a date as yyyy-MM-dd");
    } else if (
      car.firstRegistration < FIRST_REGISTRATION_RANGE.from ||
      car.firstRegistration > FIRST_REGISTRATION_RANGE.to
    ) {
      issue(
        "firstRegistration",
        "range",
        `firstRegistration must lie from ${FIRST_REGISTRATION_RANGE.from} to ${FIRST_REGISTRATION_RANGE.to}`,
      );
    } else if (registration !== null && car.firstRegistration > registration) {
      issue(
        "firstRegistration",
        "notAfterRegistration",
        "firstRegistration cannot be after options.registrationDate",
      );
    }
  }

  range("catalogPrice", car.catalogPrice, 0, L.maxCatalogPrice, "EUR");
  range("kilowatt", car.kilowatt, 0, L.maxKilowatt, "kW");
  range("nedC2", car.nedC2, 0, L.maxCo2, "g/km");
  for (const field of ["wltp", "nedC2NonHybrid", "wltpNonHybrid"] as const) {
    if (car[field] != null) range(field, car[field], 0, L.maxCo2, "g/km");
  }
  if (car.weight != null) range("weight", car.weight, 1, L.maxWeight, "kg");
  if (car.capacity != null) range("capacity", car.capacity, 1, L.maxCapacity, "cc");
  if (car.batteryCapacity != null) range("batteryCapacity", car.batteryCapacity, 0, L.maxBatteryKwh, "kWh");

  const firstRegistration = car.firstRegistration ?? registration;
  if (isIsoDate(firstRegistration) && firstRegistration >= "2021-01-01" && car.wltp == null) {
    issue("wltp", "requiredFrom2021", "wltp is mandatory for cars first registered on or after 2021-01-01");
  }
  if (needsCapacity(car.fuel) && car.capacity == null) {
    issue("capacity", "requiredForFuel", `capacity (cc) is required for fuel ${car.fuel}`);
  }
  if (isPluginHybrid(car.fuel) && car.batteryCapacity == null) {
    issue("batteryCapacity", "requiredForFuel", `batteryCapacity (kWh) is required for fuel ${car.fuel}`);
  }
  return issues;
}
