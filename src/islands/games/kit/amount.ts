import { parseDecimal, type Ratio } from '../../../games/ratio.ts';
import { fromMinor, toMinor } from '../../../shared/money.ts';

/** Bet limits of one game in the player's currency, in minor units (spec §9, `GET /config/currencies`). */
export interface BetLimits {
  min: bigint;
  max: bigint;
}

export type AmountAction = 'half' | 'double' | 'min' | 'max' | 'zero';

/**
 * The amount after one of the panel's buttons (or hotkeys). Halving and doubling stay within the
 * limits; `max` is the game's maximum, or the balance when that is lower (but never below `min`);
 * `zero` clears the field.
 */
export function applyAmountAction(
  action: AmountAction,
  current: bigint,
  limits: BetLimits,
  balance: bigint | null = null,
): bigint {
  const ceiling = balance !== null && balance >= limits.min && balance < limits.max ? balance : limits.max;
  switch (action) {
    case 'zero':
      return 0n;
    case 'min':
      return limits.min;
    case 'max':
      return ceiling;
    case 'half':
      return clamp(current / 2n, limits.min, ceiling);
    case 'double':
      return clamp(current === 0n ? limits.min : current * 2n, limits.min, ceiling);
  }
}

export function clamp(value: bigint, min: bigint, max: bigint): bigint {
  return value < min ? min : value > max ? max : value;
}

/**
 * What the player typed ("1 500,5", "10.") as minor units, or null when it is not an amount with at
 * most two fractional digits. Spaces are dropped; one comma or dot is the decimal separator.
 */
export function parseAmountInput(input: string): bigint | null {
  const compact = input.replace(/[\s\u00a0\u202f']/g, '').replace(',', '.');
  if (!/^\d{1,12}(\.\d{0,2})?$/.test(compact)) return null;
  return toMinor(compact.endsWith('.') ? compact.slice(0, -1) : compact);
}

export type AmountProblem =
  | { code: 'invalid_amount' }
  | { code: 'bet_below_min' | 'bet_above_max'; limit: bigint };

/** Why an amount cannot be bet (the server's error keys), or null when it can. */
export function amountProblem(amount: bigint | null, limits: BetLimits | null): AmountProblem | null {
  if (amount === null || amount <= 0n)
    return amount === 0n && limits
      ? { code: 'bet_below_min', limit: limits.min }
      : { code: 'invalid_amount' };
  if (!limits) return null;
  if (amount < limits.min) return { code: 'bet_below_min', limit: limits.min };
  if (amount > limits.max) return { code: 'bet_above_max', limit: limits.max };
  return null;
}

/** A multiplier given as a number, decimal string or exact ratio, as an exact ratio (null if unreadable). */
export function toRatio(multiplier: number | string | Ratio): Ratio | null {
  if (typeof multiplier === 'object') return multiplier;
  const text = typeof multiplier === 'number' ? numberToDecimal(multiplier) : multiplier.trim();
  if (text === null) return null;
  try {
    return parseDecimal(text);
  } catch {
    return null;
  }
}

function numberToDecimal(value: number): string | null {
  if (!Number.isFinite(value) || value < 0) return null;
  // Up to 8 digits is far below any payout rounding (money has 2); no exponent notation.
  return value.toFixed(8);
}

/** Profit of a win, in minor units: floor(amount × multiplier) − amount (the server's rounding). */
export function profitOnWin(amount: bigint, multiplier: Ratio): bigint {
  return (amount * multiplier.num) / multiplier.den - amount;
}

/** Minor units → the decimal string the API takes ("1.50"). */
export const toDecimalAmount = (minor: bigint): string => fromMinor(minor);
