import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalText, euroText, formatEuro, formatPercent, shortDecimal } from "./format-value";

describe("formatting of line values", () => {
  it("writes the amount, then the euro sign, with each language's separators", () => {
    expect(formatEuro(1234567.5, "nl")).toBe("1.234.567,50 €");
    // French: narrow no-break spaces (U+202F) between thousands and before the sign.
    expect(formatEuro(1234567.5, "fr")).toBe("1\u202F234\u202F567,50\u202F€");
    expect(formatEuro(999.99, "fr")).toBe("999,99\u202F€");
    expect(formatEuro(1234567.5, "en")).toBe("1,234,567.50 €");
    expect(formatEuro(0, "en")).toBe("0.00 €");
    expect(formatEuro(999.99, "nl")).toBe("999,99 €");
    expect(formatEuro(-61.5, "en")).toBe("-61.50 €");
  });

  it("writes whole percentages without decimals and others with two", () => {
    expect(formatPercent(75, "nl")).toBe("75 %");
    expect(formatPercent(73.45, "fr")).toBe("73,45\u202F%");
    expect(formatPercent(100, "fr")).toBe("100\u202F%");
    expect(formatPercent(82.5, "en")).toBe("82.50 %");
  });

  it("uses no other space than U+202F in French, and none of it in nl or en", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }), (cents) => {
        const fr = formatEuro(cents / 100, "fr");
        expect(fr).not.toMatch(/[ \u00A0]/);
        expect(fr.endsWith("\u202F€")).toBe(true);
        for (const language of ["nl", "en"] as const) {
          expect(formatEuro(cents / 100, language)).not.toContain("\u202F");
          expect(formatEuro(cents / 100, language).endsWith(" €")).toBe(true);
        }
      }),
    );
  });

  it("reads back to the same number for any cent amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (cents) => {
        const text = formatEuro(cents / 100, "en");
        expect(Number(text.replace(/[ €,]/g, ""))).toBe(cents / 100);
      }),
    );
  });

  it("takes any value as the language without throwing (never-throws found an object whose key conversion throws)", () => {
    const odd = { toString: 0 } as never;
    expect(formatEuro(1234.5, odd)).toBe("1,234.50 €");
    expect(formatPercent(75, odd)).toBe("75 %");
  });
});

describe("decimals written without V8's slow shortest-digits conversion", () => {
  it("writes what String writes, for any number it takes", () => {
    const decimals = fc
      .tuple(fc.integer({ min: -999_999_999, max: 999_999_999 }), fc.integer({ min: 0, max: 7 }))
      .map(([units, digits]) => units / 10 ** digits);
    fc.assert(
      fc.property(fc.oneof(decimals, fc.double({ noNaN: true })), (value) => {
        if (Number.isInteger(value)) return; // decimalText writes whole numbers with String
        const text = shortDecimal(value);
        if (text !== undefined) expect(text).toBe(String(value));
      }),
      { numRuns: 20_000 },
    );
    expect(shortDecimal(0.95)).toBe("0.95");
    expect(shortDecimal(-0.000125)).toBe("-0.000125");
    expect(shortDecimal(1e-7)).toBeUndefined();
    expect(decimalText(137.5, "nl")).toBe("137,5");
    expect(decimalText(0.1 + 0.2, "en")).toBe("0.30000000000000004");
  });

  it("writes String's text with the language's decimal sign, for any number (whole numbers as String writes them)", () => {
    const decimals = fc
      .tuple(fc.integer({ min: -999_999_999, max: 999_999_999 }), fc.integer({ min: 0, max: 7 }))
      .map(([units, digits]) => units / 10 ** digits);
    fc.assert(
      fc.property(fc.oneof(decimals, fc.double({ noNaN: true, noDefaultInfinity: true })), (value) => {
        const comma = Number.isInteger(value) ? String(value) : String(value).replace(".", ",");
        expect(decimalText(value, "en")).toBe(String(value));
        expect(decimalText(value, "nl")).toBe(comma);
        expect(decimalText(value, "fr")).toBe(comma);
      }),
      { numRuns: 20_000 },
    );
  });
});

describe("the line builder's euroText", () => {
  it("writes what formatEuro writes", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }).map((cents) => cents / 100),
          fc.double({ min: -1e12, max: 1e12, noNaN: true }),
        ),
        fc.constantFrom("nl", "fr", "en" as const),
        (value, language) => {
          expect(euroText(value, language)).toBe(formatEuro(value, language));
        },
      ),
      { numRuns: 5000 },
    );
  });
});
