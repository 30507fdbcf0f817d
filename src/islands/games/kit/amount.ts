import { parseDecimal, type Ratio } from '../../../games/ratio.ts';
import { smallestWinningStake } from '../../../games/stakes.ts';
import { MINOR_DIGITS, toMinor } from '../../../shared/money.ts';
import { type NumberInputProblem, readNumberInput } from './number-input.ts';

/**
 * Bet limits of one game in the player's currency, in minor units (`GET /config/currencies`,
 * docs/configuration.md).
 */
export interface BetLimits {
  min: bigint;
  max: bigint;
}

export type AmountAction = 'half' | 'double' | 'min' | 'max' | 'zero';

/**
 * The limits with the minimum raised to the smallest stake at which `minWin` (the smallest win of
 * the inputs, above 1×) pays more than the stake (docs/fairness.md §8); the maximum stays. Null
 * while the limits are unknown.
 */
export function withWinningMinimum(limits: BetLimits | null, minWin: Ratio | null): BetLimits | null {
  if (!limits || !minWin || minWin.num <= minWin.den) return limits;
  const least = smallestWinningStake(minWin);
  return least > limits.min && least <= limits.max ? { min: least, max: limits.max } : limits;
}

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
 * What the player typed ("1 500,5", "10.", "1.500,25" in pt-BR) as minor units, or why it is not an
 * amount: empty, not a number ("abc", "-1"), or more than two decimal places ("1.234"). The
 * locale's separators are read (number-input.ts).
 */
export function readAmountInput(
  input: string,
  tag: string,
): { minor: bigint; problem?: undefined } | { minor: null; problem: NumberInputProblem } {
  const reading = readNumberInput(input, tag, MINOR_DIGITS);
  if (!reading.ok) return { minor: null, problem: reading.problem };
  return { minor: toMinor(reading.decimal) };
}

/** What the player typed as minor units, or null when it is not an amount with at most two decimals. */
export function parseAmountInput(input: string, tag = 'en-US'): bigint | null {
  return readAmountInput(input, tag).minor;
}

/**
 * Why an amount cannot be bet, the first that applies: nothing typed, not a number, too many
 * decimal places, below the game's minimum (zero too), above its maximum (the server's error keys,
 * with the limit), above the player's balance (`insufficient_funds` on the server).
 */
export type AmountProblem =
  | { code: NumberInputProblem }
  | { code: 'bet_below_min' | 'bet_above_max'; limit: bigint }
  | { code: 'above_balance'; balance: bigint };

/** Why the amount read from the field cannot be bet, or null when it can. */
export function amountProblem(
  reading: { minor: bigint | null; problem?: NumberInputProblem | undefined },
  limits: BetLimits | null,
  balance: bigint | null = null,
): AmountProblem | null {
  const amount = reading.minor;
  if (amount === null) return { code: reading.problem ?? 'not_a_number' };
  if (!limits) return null;
  if (amount < limits.min) return { code: 'bet_below_min', limit: limits.min };
  if (amount > limits.max) return { code: 'bet_above_max', limit: limits.max };
  if (balance !== null && amount > balance) return { code: 'above_balance', balance };
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
