import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { add, cmp, dec, div, type Fraction, floor, imul, mul, ratio, round, sub, toEuros } from "./exact";

/** The value of a fraction as an exact pair of bigints, whatever the representation. */
const big = (f: Fraction) => ({ n: BigInt(f.n), d: BigInt(f.d) });

describe("exact decimal arithmetic", () => {
  it("reads decimals exactly as written", () => {
    expect(big(dec(0.1))).toEqual({ n: 1n, d: 10n });
    expect(big(dec(1.245))).toEqual({ n: 1245n, d: 1000n });
    expect(big(dec(1e-7))).toEqual({ n: 1n, d: 10000000n });
    expect(big(dec(2e21))).toEqual({ n: 2000000000000000000000n, d: 1n });
    expect(big(dec(-3.5))).toEqual({ n: -35n, d: 10n });
  });

  it("reads any double as its shortest decimal text, with a denominator of 10^(its decimals)", () => {
    // Independent of the implementation: the text JavaScript prints for the double, digit by digit.
    const fromText = (x: number) => {
      const [mantissa = "", exponent = "0"] = String(x).split("e");
      const [whole = "", decimals = ""] = mantissa.split(".");
      const scale = decimals.length - Number(exponent);
      const digits = BigInt(whole + decimals);
      return scale >= 0
        ? { n: digits, d: 10n ** BigInt(scale) }
        : { n: digits * 10n ** BigInt(-scale), d: 1n };
    };
    const amounts = fc.oneof(
      fc.integer({ min: -1e9, max: 1e9 }).map((cents) => cents / 100),
      fc.integer({ min: -1e9, max: 1e9 }).map((tenths) => tenths / 10),
      fc.integer({ min: -1e9, max: 1e9 }).map((units) => units / 10_000),
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }),
      fc.constantFrom(0.1 + 0.2, 1.005, 2 ** 40 + 0.5, -(2 ** 40) - 0.25, 1e-7, 0.29),
    );
    fc.assert(
      fc.property(amounts, (x) => {
        const expected = fromText(x === 0 ? 0 : x);
        expect(big(dec(x))).toEqual(expected.d === 1n ? { n: expected.n, d: 1n } : expected);
      }),
      { numRuns: 5000 },
    );
  });

  it("has no binary drift: 1.005 rounds to 1.01 and 30,000 × 1.21 is 36,300", () => {
    // 1.005 is 1.00499999999999989... as a double; the law's decimal 1.005 rounds to 1.01.
    expect(toEuros(dec(1.005))).toBe(1.01);
    expect(toEuros(mul(dec(30000), dec(1.21)))).toBe(36300);
  });

  it("rounds half away from zero, also for negative amounts", () => {
    expect(toEuros(ratio(1, 200))).toBe(0.01);
    expect(toEuros(ratio(-1, 200))).toBe(-0.01);
    expect(toEuros(ratio(1, 201))).toBe(0);
    expect(Object.is(toEuros(ratio(-1, 201)), 0)).toBe(true);
    expect(big(round(ratio(2, 3), 6))).toEqual({ n: 666667n, d: 1000000n });
    expect(big(floor(ratio(-2, 3), 2))).toEqual({ n: -67n, d: 100n });
  });

  it("moves to bigint before a product leaves the exact range of doubles", () => {
    const huge = imul(2 ** 40, 2 ** 20);
    expect(typeof huge).toBe("bigint");
    expect(huge).toBe(2n ** 60n);
    expect(imul(3, 5)).toBe(15);
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

/** Reference semantics in plain bigint arithmetic, to check both representations against. */
const refRound = (n: bigint, d: bigint): bigint => {
  const an = n < 0n ? -n : n;
  const q = (2n * an + d) / (2n * d);
  return n < 0n ? -q : q;
};
const bigFraction = fc.record({
  n: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
  d: fc.bigInt({ min: 1n, max: 2n ** 60n }),
});
const smallFraction = fc.record({
  n: fc.integer({ min: -1e6, max: 1e6 }),
  d: fc.integer({ min: 1, max: 1e4 }),
});
const anyFraction = fc.oneof(bigFraction, smallFraction) as fc.Arbitrary<Fraction>;

describe("both representations (safe doubles, bigints) give the exact result", () => {
  it("rounds to the cent like bigint long division", () => {
    fc.assert(
      fc.property(anyFraction, (f) => {
        const { n, d } = big(f);
        const cents = refRound(n * 100n, d);
        expect(toEuros(f)).toBe(cents === 0n ? 0 : Number(cents) / 100);
      }),
    );
  });

  it("multiplies, adds, subtracts and compares exactly", () => {
    fc.assert(
      fc.property(anyFraction, anyFraction, (a, b) => {
        const x = big(a);
        const y = big(b);
        const product = big(mul(a, b));
        expect(product.n * x.d * y.d).toBe(x.n * y.n * product.d);
        const sum = big(add(a, b));
        expect(sum.n * x.d * y.d).toBe((x.n * y.d + y.n * x.d) * sum.d);
        const difference = big(sub(a, b));
        expect(difference.n * x.d * y.d).toBe((x.n * y.d - y.n * x.d) * difference.d);
        const left = x.n * y.d;
        const right = y.n * x.d;
        expect(cmp(a, b)).toBe(left < right ? -1 : left > right ? 1 : 0);
      }),
    );
  });
});
