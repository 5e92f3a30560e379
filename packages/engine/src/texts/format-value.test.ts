import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatEuro, formatPercent } from "./format-value";

describe("formatting of line values", () => {
  it("writes the amount, then the euro sign, with each language's separators", () => {
    expect(formatEuro(1234567.5, "nl")).toBe("1.234.567,50 €");
    expect(formatEuro(1234567.5, "fr")).toBe("1 234 567,50 €");
    expect(formatEuro(1234567.5, "en")).toBe("1,234,567.50 €");
    expect(formatEuro(0, "en")).toBe("0.00 €");
    expect(formatEuro(999.99, "nl")).toBe("999,99 €");
    expect(formatEuro(-61.5, "en")).toBe("-61.50 €");
  });

  it("writes whole percentages without decimals and others with two", () => {
    expect(formatPercent(75, "nl")).toBe("75 %");
    expect(formatPercent(73.45, "fr")).toBe("73,45 %");
    expect(formatPercent(82.5, "en")).toBe("82.50 %");
  });

  it("reads back to the same number for any cent amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (cents) => {
        const text = formatEuro(cents / 100, "en");
        expect(Number(text.replace(/[ €,]/g, ""))).toBe(cents / 100);
      }),
    );
  });
});
