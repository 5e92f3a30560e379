/**
 * Exact decimal arithmetic for money. Every amount and parameter is turned into a fraction of
 * integers exactly as written in decimal, the law's formula is applied without binary
 * floating-point drift, and the result is rounded only where the law rounds.
 *
 * An integer is a double while it is a safe integer (|x| < 2^53, where doubles are exact) and a
 * bigint beyond: every operation checks its result and moves to bigint before precision could be
 * lost. Most of the law's arithmetic stays on the fast double path; a catalogue price with many
 * decimals or the Flemish BIV's 6th power takes the bigint path, with the same exact result.
 */
export type Int = number | bigint;

/** n / d with d > 0 (every constructor below keeps the denominator positive). */
export interface Fraction {
  readonly n: Int;
  readonly d: Int;
}

/**
 * Fractions hold small integers, larger doubles and bigints in the same two fields. V8 first gives
 * such fields the narrowest representation it has seen, and on the first value of another kind
 * deprecates the objects' shape and throws away the optimised code that relied on it. In a
 * process that had served other requests first, this left the arithmetic (`ratio`, `mul`, `cmp`)
 * stuck unoptimised: calculate ran twice as slowly for good, in about half of the runs. One
 * fraction of each kind, made before any code runs, settles the general representation at load.
 * Every fraction is an object literal `{ n, d }` with the fields in that order, so they share it.
 */
function settleRepresentation(): void {
  const kinds: Fraction[] = [
    { n: 1, d: 1 },
    { n: 0.5, d: 0.5 },
    { n: 1n, d: 1n },
  ];
  // A call with an effect the bundler cannot drop.
  for (const kind of kinds) if (!(kind.d > 0)) throw new Error("a denominator is positive");
}
settleRepresentation();

const MAX = Number.MAX_SAFE_INTEGER;
const BIG_MAX = BigInt(MAX);

/** A bigint that fits a safe integer goes back to the fast path. */
const narrow = (x: bigint): Int => (x <= BIG_MAX && x >= -BIG_MAX ? Number(x) : x);

/** Exact product of two integers. */
export function imul(a: Int, b: Int): Int {
  if (typeof a === "number" && typeof b === "number") {
    const p = a * b;
    // When the true product exceeds 2^53 − 1, the rounded double does too: no false positive.
    if (p <= MAX && p >= -MAX) return p;
  }
  return BigInt(a) * BigInt(b);
}

/** Exact sum of two integers. */
function iadd(a: Int, b: Int): Int {
  if (typeof a === "number" && typeof b === "number") {
    const s = a + b;
    if (s <= MAX && s >= -MAX) return s;
  }
  return BigInt(a) + BigInt(b);
}

const ineg = (a: Int): Int => (a === 0 ? 0 : -a);
const isNegative = (a: Int): boolean => a < 0;

const cache = new Map<number, Fraction>();
const POWERS_OF_TEN: readonly Int[] = Array.from({ length: 40 }, (_, i) => narrow(10n ** BigInt(i)));
const pow10 = (exponent: number): Int => POWERS_OF_TEN[exponent] ?? 10n ** BigInt(exponent);

/** The decimal number as written (shortest round-trip form of the double), as an exact fraction. */
export function dec(x: number): Fraction {
  // A safe integer is its own numerator: cheaper than the cache's look-up of a double key.
  if (Number.isSafeInteger(x)) return { n: x === 0 ? 0 : x, d: 1 };
  // One or two decimals (most amounts and rates): when the hundredths are an integer that comes
  // back to x, that decimal is the only one of at most two decimals that rounds to x (doubles
  // below 2^40 are far closer together than 0.01), so it is the number as written.
  if (x < 2 ** 40 && x > -(2 ** 40)) {
    const hundredths = Math.round(x * 100);
    if (hundredths / 100 === x) {
      return hundredths % 10 === 0 ? { n: hundredths / 10, d: 10 } : { n: hundredths, d: 100 };
    }
  }
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
  const f = { n: narrow(n), d: pow10(scale) };
  if (cache.size < 10_000) cache.set(x, f);
  return f;
}

/** A whole number (a double must be an integer). */
export function int(x: Int): Fraction {
  if (typeof x === "number") {
    if (!Number.isInteger(x)) throw new RangeError(`not an integer: ${x}`);
    return { n: Number.isSafeInteger(x) ? x : BigInt(x), d: 1 };
  }
  return { n: narrow(x), d: 1 };
}

/** n / d of two integers. */
export function ratio(n: Int, d: Int): Fraction {
  const a = int(n).n;
  const b = int(d).n;
  if (b === 0 || b === 0n) throw new RangeError("division by zero");
  return isNegative(b) ? { n: ineg(a), d: ineg(b) } : { n: a, d: b };
}

/** The exact product of the factors (up to six; the hot path avoids a rest-array allocation). */
export function mul(
  a: Fraction,
  b: Fraction,
  c?: Fraction,
  d?: Fraction,
  e?: Fraction,
  f?: Fraction,
): Fraction {
  let n = imul(a.n, b.n);
  let q = imul(a.d, b.d);
  if (c) {
    n = imul(n, c.n);
    q = imul(q, c.d);
  }
  if (d) {
    n = imul(n, d.n);
    q = imul(q, d.d);
  }
  if (e) {
    n = imul(n, e.n);
    q = imul(q, e.d);
  }
  if (f) {
    n = imul(n, f.n);
    q = imul(q, f.d);
  }
  return { n, d: q };
}

export function div(a: Fraction, b: Fraction): Fraction {
  if (b.n === 0 || b.n === 0n) throw new RangeError("division by zero");
  const n = imul(a.n, b.d);
  const d = imul(a.d, b.n);
  return isNegative(d) ? { n: ineg(n), d: ineg(d) } : { n, d };
}

export function add(a: Fraction, b: Fraction): Fraction {
  if (a.d === b.d) return { n: iadd(a.n, b.n), d: a.d };
  return { n: iadd(imul(a.n, b.d), imul(b.n, a.d)), d: imul(a.d, b.d) };
}

export const sub = (a: Fraction, b: Fraction): Fraction => add(a, { n: ineg(b.n), d: b.d });

export function cmp(a: Fraction, b: Fraction): number {
  // Denominators are positive, so cross-multiplication keeps the order. Mixed number/bigint
  // comparisons are exact in JavaScript.
  const left = a.d === b.d ? a.n : imul(a.n, b.d);
  const right = a.d === b.d ? b.n : imul(b.n, a.d);
  return left < right ? -1 : left > right ? 1 : 0;
}

export const max = (a: Fraction, b: Fraction): Fraction => (cmp(a, b) >= 0 ? a : b);
export const min = (a: Fraction, b: Fraction): Fraction => (cmp(a, b) <= 0 ? a : b);
export const clamp = (x: Fraction, low: Fraction, high: Fraction): Fraction => min(max(x, low), high);
export const ZERO: Fraction = { n: 0, d: 1 };
/** One hundredth: a percentage as a factor. */
export const PER_CENT: Fraction = { n: 1, d: 100 };

// Below 2^50 the quotient is computed in doubles, where it is still exact: 2·n + d stays under
// 2^52, so the float division cannot round across an integer.
const FAST = 2 ** 50;

/** n / d (d > 0) rounded half away from zero: the commercial rounding of the Belgian tax texts. */
function roundDiv(n: Int, d: Int): Int {
  if (typeof n === "number" && typeof d === "number" && n < FAST && n > -FAST && d < FAST) {
    const q = Math.floor((2 * Math.abs(n) + d) / (2 * d));
    return n < 0 && q !== 0 ? -q : q;
  }
  const bn = BigInt(n);
  const bd = BigInt(d);
  const an = bn < 0n ? -bn : bn;
  const q = (2n * an + bd) / (2n * bd);
  return narrow(bn < 0n ? -q : q);
}

/** n / d (d > 0) rounded down, towards minus infinity. */
function floorDiv(n: Int, d: Int): Int {
  if (typeof n === "number" && typeof d === "number" && n < FAST && n > -FAST) {
    const q = Math.floor(n / d);
    return q === 0 ? 0 : q;
  }
  const bn = BigInt(n);
  const bd = BigInt(d);
  const q = bn / bd;
  return narrow(bn % bd !== 0n && bn < 0n ? q - 1n : q);
}

/** Rounds to `decimals` places, half away from zero; the result is again a fraction. */
export function round(f: Fraction, decimals: number): Fraction {
  const scale = pow10(decimals);
  return { n: roundDiv(imul(f.n, scale), f.d), d: scale };
}

/** Rounds down (towards minus infinity) to `decimals` places. */
export function floor(f: Fraction, decimals: number): Fraction {
  const scale = pow10(decimals);
  return { n: floorDiv(imul(f.n, scale), f.d), d: scale };
}

/** Rounded to the cent, as a number of euros (exact for any amount below 90 trillion). */
export function toEuros(f: Fraction): number {
  const cents = Number(roundDiv(imul(f.n, 100), f.d));
  // No negative zero in results: −0.004 rounds to 0.
  return cents === 0 ? 0 : cents / 100;
}

/** The fraction as a number, for display of non-money values (ratios, coefficients). */
export function toNumber(f: Fraction, decimals = 6): number {
  const scale = pow10(decimals);
  return Number(roundDiv(imul(f.n, scale), f.d)) / Number(scale);
}

/** The numerator of a fraction whose denominator is `scale` (e.g. cents of a rounded amount), as a bigint. */
export function scaledBigInt(f: Fraction, scale: Int): bigint {
  if (BigInt(f.d) !== BigInt(scale)) throw new RangeError(`expected denominator ${scale}, got ${f.d}`);
  return BigInt(f.n);
}
