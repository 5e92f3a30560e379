import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALL_VIEW_OPTIONS, parseViewOptions } from "./enums";
import { carDetailIssues, FIRST_REGISTRATION_RANGE } from "./validate-input";

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
