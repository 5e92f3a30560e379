import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dec, div, floor, mul, ratio, round, toEuros } from "./exact";

describe("exact decimal arithmetic", () => {
  it("reads decimals exactly as written", () => {
    expect(dec(0.1)).toEqual({ n: 1n, d: 10n });
    expect(dec(1.245)).toEqual({ n: 1245n, d: 1000n });
    expect(dec(1e-7)).toEqual({ n: 1n, d: 10000000n });
    expect(dec(2e21)).toEqual({ n: 2000000000000000000000n, d: 1n });
    expect(dec(-3.5)).toEqual({ n: -35n, d: 10n });
  });

  it("has no binary drift: 0.1 + 0.2 style sums and 1.005 rounding", () => {
    // 1.005 is 1.00499999999999989... as a double; the law's decimal 1.005 rounds to 1.01.
    expect(toEuros(dec(1.005))).toBe(1.01);
    expect(toEuros(mul(dec(30000), dec(1.21)))).toBe(36300);
  });

  it("rounds half away from zero, also for negative amounts", () => {
    expect(toEuros(ratio(1, 200))).toBe(0.01);
    expect(toEuros(ratio(-1, 200))).toBe(-0.01);
    expect(toEuros(ratio(1, 201))).toBe(0);
    expect(round(ratio(2, 3), 6)).toEqual({ n: 666667n, d: 1000000n });
    expect(floor(ratio(-2, 3), 2)).toEqual({ n: -67n, d: 100n });
  });

  it("agrees with integer cent arithmetic for any cents / divisor", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 1e6 }), (cents, divisor) => {
        const expected = Math.floor((2 * cents + divisor) / (2 * divisor)) / 100;
        expect(toEuros(div(ratio(cents, 100), ratio(divisor, 1)))).toBe(expected);
      }),
    );
  });
});

describe("rounding on both sides of the double-precision fast path", () => {
  it("agrees with BigInt long division for huge and small operands", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
        fc.bigInt({ min: 1n, max: 2n ** 60n }),
        fc.constantFrom(1n, 3n, 7n, 1000n),
        (n, d, shrink) => {
          for (const [nn, dd] of [
            [n, d],
            [n / shrink ** 10n, d / shrink ** 5n || 1n],
          ] as const) {
            const an = nn < 0n ? -nn : nn;
            const q = (2n * an + dd) / (2n * dd);
            const expected = Number(nn < 0n ? -q : q) / 100;
            expect(toEuros({ n: nn, d: dd * 100n })).toBe(expected);
          }
        },
      ),
    );
  });
});
