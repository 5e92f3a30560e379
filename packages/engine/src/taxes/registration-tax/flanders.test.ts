import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bivBeyondBound, bivExactCents } from "./biv-sixth-power";

// The double estimate that settles a bound before the exact bigint 6th power must never disagree
// with the exact path: whenever it names a bound, the exact amount is beyond it.
describe("BIV bound pre-check", () => {
  const quotient = fc.oneof(
    fc.integer({ min: 0, max: 3_000_000 }),
    fc.integer({ min: 0, max: 12_000_000 }),
    // Big quotients take the bigint path of the exact arithmetic.
    fc.bigInt({ min: 0n, max: 40_000_000n }),
  );
  const air = fc.integer({ min: 0, max: 200_000 }).map((n) => ({ n, d: 100 }));
  const lc = fc.integer({ min: 1, max: 100 });

  it("never names a bound the exact amount is not beyond (bounds anywhere)", () => {
    fc.assert(
      fc.property(
        quotient,
        air,
        lc,
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        (q, c, percent, low, span) => {
          const minimum = low;
          const maximum = low + span;
          const exact = bivExactCents(q, c, percent);
          const verdict = bivBeyondBound(q, c, percent, minimum, maximum);
          if (verdict === "minimum") expect(exact < minimum).toBe(true);
          if (verdict === "maximum") expect(exact > maximum).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("never names a bound the exact amount is not beyond (bounds within a few cents of it)", () => {
    fc.assert(
      fc.property(quotient, air, lc, fc.integer({ min: -3, max: 3 }), (q, c, percent, offset) => {
        const exact = bivExactCents(q, c, percent);
        const near = exact + BigInt(offset);
        const asMinimum = bivBeyondBound(q, c, percent, near, near + 1_000_000_000n);
        if (asMinimum === "minimum") expect(exact < near).toBe(true);
        const asMaximum = bivBeyondBound(q, c, percent, 0n, near < 0n ? 0n : near);
        if (asMaximum === "maximum") expect(exact > near).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("settles amounts far from the bounds, leaves the close ones to the exact path", () => {
    // 0.2 → 0.2^6 × 4500 = 0.288 €, + c 10.00 €: 1,028.8 cents before LC.
    const c = { n: 1000, d: 100 };
    expect(bivBeyondBound(200_000, c, 100, 5_000n, 1_000_000n)).toBe("minimum");
    expect(bivBeyondBound(200_000, c, 100, 1_000n, 1_020n)).toBe("maximum");
    expect(bivBeyondBound(200_000, c, 100, 1_029n, 1_000_000n)).toBeUndefined();
    expect(bivExactCents(200_000, c, 100)).toBe(1029n);
  });
});
