import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shortDecimal } from "./short-decimal";

describe("shortDecimal", () => {
  it("writes what String writes, for any number it takes", () => {
    const decimals = fc
      .tuple(fc.integer({ min: -999_999_999, max: 999_999_999 }), fc.integer({ min: 0, max: 7 }))
      .map(([units, digits]) => units / 10 ** digits);
    fc.assert(
      fc.property(fc.oneof(decimals, fc.double({ noNaN: true })), (value) => {
        if (Number.isInteger(value)) return;
        const text = shortDecimal(value);
        if (text !== undefined) expect(text).toBe(String(value));
      }),
      { numRuns: 20_000 },
    );
    expect(shortDecimal(0.95)).toBe("0.95");
    expect(shortDecimal(-0.000125)).toBe("-0.000125");
    expect(shortDecimal(1e-7)).toBeUndefined();
  });
});
