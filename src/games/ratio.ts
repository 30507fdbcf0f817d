/**
 * Exact non-negative rationals for multipliers and probabilities. Money never goes through a
 * float: a payout is `floor(stake × num / den)` in bigint minor units.
 */
export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** A rational in lowest terms; throws on a zero or negative denominator or a negative numerator. */
export function ratio(num: bigint, den = 1n): Ratio {
  if (den <= 0n) throw new RangeError(`Expected a positive denominator, received ${den}`);
  if (num < 0n) throw new RangeError(`Expected a non-negative numerator, received ${num}`);
  const g = gcd(num, den);
  return g > 1n ? { num: num / g, den: den / g } : { num, den };
}

export const ZERO: Ratio = { num: 0n, den: 1n };
export const ONE: Ratio = { num: 1n, den: 1n };

const DECIMAL = /^(\d*)(?:\.(\d+))?$/;

/** Parses a non-negative decimal as written in docs/fairness.md ("3.96", ".7", "10000"). */
export function parseDecimal(text: string): Ratio {
  const match = DECIMAL.exec(text);
  const [, whole = '', fraction = ''] = match ?? [];
  if (!match || (whole === '' && fraction === '')) {
    throw new SyntaxError(`Expected a non-negative decimal, received "${text}"`);
  }
  return ratio(BigInt(`${whole}${fraction}` || '0'), 10n ** BigInt(fraction.length));
}

/** a × b. */
export function multiply(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.num, a.den * b.den);
}

/** a + b. */
export function add(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.den + b.num * a.den, a.den * b.den);
}

/** a − b; throws if the result would be negative. */
export function subtract(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.den - b.num * a.den, a.den * b.den);
}

/** Sign of a − b. */
export function compare(a: Ratio, b: Ratio): -1 | 0 | 1 {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** True when both are the same number. */
export function equals(a: Ratio, b: Ratio): boolean {
  return compare(a, b) === 0;
}

/** Payout of `amount` minor units at multiplier `r`, rounded down to a whole minor unit. */
export function applyRatio(amount: bigint, r: Ratio): bigint {
  if (amount < 0n) throw new RangeError(`Expected a non-negative amount, received ${amount}`);
  return (amount * r.num) / r.den;
}

/** Decimal string truncated (never rounded up) to `digits` fractional digits: 99/7 → "14.1428". */
export function toDecimal(r: Ratio, digits = 4): string {
  const scaled = (r.num * 10n ** BigInt(digits)) / r.den;
  if (digits === 0) return scaled.toString();
  const text = scaled.toString().padStart(digits + 1, '0');
  const whole = text.slice(0, -digits);
  const fraction = text.slice(-digits).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** Approximate value for display and statistics only; never for money. */
export function toNumber(r: Ratio): number {
  return Number(r.num) / Number(r.den);
}
