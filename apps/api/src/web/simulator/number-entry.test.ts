import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readTypedNumber } from "./number-entry";

describe("a number as a Belgian types it (issue 40 point 4)", () => {
  it("reads the examples of the issue as meant", () => {
    expect(readTypedNumber("40.000")).toBe(40000);
    expect(readTypedNumber("40 000")).toBe(40000);
    expect(readTypedNumber("40\u202f000")).toBe(40000);
    expect(readTypedNumber("40000,50")).toBe(40000.5);
    expect(readTypedNumber("19,5")).toBe(19.5);
    expect(readTypedNumber("40.000,50")).toBe(40000.5);
    expect(readTypedNumber("40,000.50")).toBe(40000.5);
    expect(readTypedNumber("1.234.567")).toBe(1234567);
    expect(readTypedNumber("40000")).toBe(40000);
  });

  it("reads a '.' that cannot group thousands as a decimal point, a single ',' as the decimal mark", () => {
    expect(readTypedNumber("1.5")).toBe(1.5);
    expect(readTypedNumber("25.7")).toBe(25.7);
    expect(readTypedNumber("1,500")).toBe(1.5);
    expect(readTypedNumber(",5")).toBe(0.5);
  });

  it("refuses what has no single reading", () => {
    for (const typed of [
      "",
      "40.00.0",
      "4 0000",
      "40.000 000",
      "40 000.500",
      "1,2,3",
      "5.",
      "abc",
      "40 €",
      "1e5",
      "--4",
    ])
      expect(readTypedNumber(typed), typed).toBeNull();
  });

  const amount = fc.tuple(fc.integer({ min: 0, max: 999_999_999 }), fc.integer({ min: 0, max: 99 }));
  it("reads back every amount written the Belgian way (nl-BE, fr-BE) or plainly", () => {
    fc.assert(
      fc.property(amount, fc.constantFrom("nl-BE", "fr-BE", "de-BE"), ([whole, cents], locale) => {
        const value = whole + cents / 100;
        const written = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: true }).format(
          value,
        );
        expect(readTypedNumber(written)).toBeCloseTo(value, 6);
        expect(readTypedNumber(written.replace(/[.\u202f\u00a0]/g, ""))).toBeCloseTo(value, 6);
      }),
    );
  });

  it("reads digits alone as the number they write, and never answers anything but a finite number or null", () => {
    fc.assert(
      fc.property(fc.nat(), (n) => {
        expect(readTypedNumber(String(n))).toBe(n);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("1", "0", "9", ".", ",", " ", "-", "x") }), (typed) => {
        const read = readTypedNumber(typed);
        expect(read === null || Number.isFinite(read)).toBe(true);
      }),
    );
  });
});
