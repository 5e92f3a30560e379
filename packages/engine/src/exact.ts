/**
 * Exact decimal arithmetic for money. Every amount and parameter is turned into a fraction of
 * integers (bigint) exactly as written in decimal, the law's formula is applied without binary
 * floating-point drift, and the result is rounded only where the law rounds.
 */
export interface Fraction {
  readonly n: bigint;
  readonly d: bigint;
}

const cache = new Map<number, Fraction>();

/** The decimal number as written (shortest round-trip form of the double), as an exact fraction. */
export function dec(x: number): Fraction {
  const hit = cache.get(x);
  if (hit) return hit;
  if (!Number.isFinite(x)) throw new RangeError(`not a finite number: ${x}`);
  const [mantissa = "0", exponentText] = String(x).split("e");
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  const [whole = "0", fractionDigits = ""] = mantissa.split(".");
  let n = BigInt(whole + fractionDigits);
  let scale = fractionDigits.length - exponent;
  if (scale < 0) {
    n *= 10n ** BigInt(-scale);
    scale = 0;
  }
  const f = { n, d: pow10(scale) };
  if (cache.size < 10_000) cache.set(x, f);
  return f;
}

export const int = (x: number | bigint): Fraction => ({ n: BigInt(x), d: 1n });

/** n / d. Denominators are kept positive throughout this module (cmp relies on it). */
export const ratio = (n: number | bigint, d: number | bigint): Fraction => {
  const bn = BigInt(n);
  const bd = BigInt(d);
  if (bd === 0n) throw new RangeError("division by zero");
  return bd < 0n ? { n: -bn, d: -bd } : { n: bn, d: bd };
};

/** The exact product of the factors (up to six; the hot path avoids a rest-array allocation). */
export function mul(
  a: Fraction,
  b: Fraction,
  c?: Fraction,
  d?: Fraction,
  e?: Fraction,
  f?: Fraction,
): Fraction {
  let n = a.n * b.n;
  let q = a.d * b.d;
  if (c) {
    n *= c.n;
    q *= c.d;
  }
  if (d) {
    n *= d.n;
    q *= d.d;
  }
  if (e) {
    n *= e.n;
    q *= e.d;
  }
  if (f) {
    n *= f.n;
    q *= f.d;
  }
  return { n, d: q };
}

export const div = (a: Fraction, b: Fraction): Fraction => {
  if (b.n === 0n) throw new RangeError("division by zero");
  return b.n < 0n ? { n: -a.n * b.d, d: a.d * -b.n } : { n: a.n * b.d, d: a.d * b.n };
};

export const add = (a: Fraction, b: Fraction): Fraction =>
  a.d === b.d ? { n: a.n + b.n, d: a.d } : { n: a.n * b.d + b.n * a.d, d: a.d * b.d };

export const sub = (a: Fraction, b: Fraction): Fraction => add(a, { n: -b.n, d: b.d });

export const cmp = (a: Fraction, b: Fraction): number => {
  if (a.d === b.d) return a.n < b.n ? -1 : a.n > b.n ? 1 : 0;
  const left = a.n * b.d;
  const right = b.n * a.d;
  return left < right ? -1 : left > right ? 1 : 0;
};

export const max = (a: Fraction, b: Fraction): Fraction => (cmp(a, b) >= 0 ? a : b);
export const min = (a: Fraction, b: Fraction): Fraction => (cmp(a, b) <= 0 ? a : b);
export const clamp = (x: Fraction, low: Fraction, high: Fraction): Fraction => min(max(x, low), high);
export const ZERO: Fraction = { n: 0n, d: 1n };

// Below this bound the quotient is computed in doubles, where it is still exact: 2·n + d stays
// under 2^52, so the float division cannot round across an integer. BigInt division is slow.
const SAFE = 2n ** 50n;

/** n / d rounded half away from zero, as a number; n and d must be below SAFE in magnitude. */
function roundDivSmall(n: number, d: number): number {
  const an = Math.abs(n);
  const ad = Math.abs(d);
  const q = Math.floor((2 * an + ad) / (2 * ad));
  return n < 0 !== d < 0 ? -q : q;
}

const isSmall = (n: bigint, d: bigint): boolean => n < SAFE && n > -SAFE && d < SAFE && d > -SAFE;

/** n / d rounded half away from zero (the commercial rounding of the Belgian tax texts). */
function roundDiv(n: bigint, d: bigint): bigint {
  if (isSmall(n, d)) return BigInt(roundDivSmall(Number(n), Number(d)));
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (2n * an + ad) / (2n * ad);
  return negative ? -q : q;
}

const POWERS_OF_TEN: readonly bigint[] = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));
const pow10 = (exponent: number): bigint => POWERS_OF_TEN[exponent] ?? 10n ** BigInt(exponent);

/** Rounds to `decimals` places, half away from zero; the result is again a fraction. */
export function round(f: Fraction, decimals: number): Fraction {
  const scale = pow10(decimals);
  return { n: roundDiv(f.n * scale, f.d), d: scale };
}

/** Rounds down (towards minus infinity) to `decimals` places. */
export function floor(f: Fraction, decimals: number): Fraction {
  const scale = pow10(decimals);
  const n = f.n * scale;
  const q = n / f.d;
  return { n: n % f.d !== 0n && n < 0n !== f.d < 0n ? q - 1n : q, d: scale };
}

/** Rounded to the cent, as a number of euros (exact for any amount below 90 trillion). */
export function toEuros(f: Fraction): number {
  const n = f.n * 100n;
  const cents = isSmall(n, f.d) ? roundDivSmall(Number(n), Number(f.d)) : Number(roundDiv(n, f.d));
  // No negative zero in results: -0.004 rounds to 0.
  return cents === 0 ? 0 : cents / 100;
}

/** The fraction as a number, for display of non-money values (ratios, coefficients). */
export function toNumber(f: Fraction, decimals = 6): number {
  const scale = pow10(decimals);
  return Number(roundDiv(f.n * scale, f.d)) / Number(scale);
}
