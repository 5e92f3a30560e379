import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALL_VIEW_OPTIONS, parseViewOptions } from "../core/enums";
import { calculate } from "../operations/calculate";
import {
  carDetailIssues,
  FIRST_REGISTRATION_RANGE,
  ORDER_DATE_RANGE,
  validateCalculationInput,
} from "./validate-input";

const car = {
  catalogPrice: 30000,
  fuel: "Electric",
  euroStandard: "Euro6",
  kilowatt: 100,
  nedC2: 0,
  wltp: 0,
} as const;

describe("input bounds", () => {
  it("accepts a first registration from the first car to the last registration date, and nothing else", () => {
    const issuesOf = (firstRegistration: string) =>
      carDetailIssues({ ...car, firstRegistration } as never, null).map((i) => `${i.field}:${i.rule}`);
    expect(FIRST_REGISTRATION_RANGE).toEqual({ from: "1886-01-29", to: "2028-12-31" });
    for (const date of ["1886-01-29", "1990-05-01", "2028-12-31"]) expect(issuesOf(date), date).toEqual([]);
    for (const date of ["0001-01-01", "1886-01-28", "2029-01-01", "9999-12-31"])
      expect(issuesOf(date), date).toEqual(["firstRegistration:range"]);
  });

  it("accepts an order date from the start of the order-date rules to the registration date, and nothing else", () => {
    const input = (orderDate: string) =>
      ({
        car: { ...car, firstRegistration: "2026-03-01", capacity: null, weight: 1800 },
        profile: {
          status: "SelfEmployed",
          registrationOn: "CompanyRegistration",
          region: "Flanders",
          hasFuelCard: false,
        },
        options: { registrationDate: "2026-03-01", orderDate },
      }) as never;
    const issuesOf = (orderDate: string) =>
      validateCalculationInput(input(orderDate)).map((i) => `${i.field}:${i.rule}`);
    expect(ORDER_DATE_RANGE).toEqual({ from: "1900-01-01", to: "2028-12-31" });
    for (const date of ["0001-01-01", "1886-01-29", "1899-12-31"])
      expect(issuesOf(date), date).toEqual(["options.orderDate:range"]);
    expect(issuesOf("2026-03-02")).toEqual(["options.orderDate:notAfterRegistration"]);
    // The earliest order date accepted has rules: the zero-emission deduction by order date (a
    // typo of 0001 was answered "rules not published yet" before the range).
    for (const date of [ORDER_DATE_RANGE.from, "1970-01-01", "2026-03-01"]) {
      expect(issuesOf(date), date).toEqual([]);
      const outcome = calculate(input(date));
      const deduction = outcome.ok ? outcome.results.filter((r) => r.calculator === "FiscalDeduction") : [];
      expect(
        deduction.map((r) => r.outcome),
        date,
      ).toEqual(["amount", "amount"]);
    }
  });

  it("reads a viewOptions with a bit of no calculator (64 and up) as invalid, alone or mixed", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), (mask) => {
        const known = (mask & ~ALL_VIEW_OPTIONS) === 0;
        expect(parseViewOptions(mask)).toBe(known ? mask : undefined);
        expect(parseViewOptions(String(mask))).toBe(known ? mask : undefined);
        expect(parseViewOptions(`RoadTax, ${mask}`)).toBe(known ? mask | 1 : undefined);
      }),
    );
    expect(parseViewOptions("RoadTax, BenefitInKind")).toBe(5);
  });
});
