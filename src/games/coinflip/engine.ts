/**
 * Coinflip (docs/fairness.md §3): flip_i is heads when floor(float_i × 2) = 1, tails when 0. A series
 * has at most 20 flips; n correct calls in a row pay 0.99 × 2ⁿ; the player may cash out after any win.
 */
import { type Ratio, ratio, ZERO } from '../ratio.ts';
import { fail, ok, type Result } from '../result.ts';

export const MAX_FLIPS = 20;

export type CoinSide = 'heads' | 'tails';

/** The side for a float. */
export function sideFromFloat(float: number): CoinSide {
  return Math.floor(float * 2) === 1 ? 'heads' : 'tails';
}

/** The flips for the given floats, in order. */
export function flips(floats: readonly number[]): CoinSide[] {
  return floats.map(sideFromFloat);
}

/** Multiplier after `correct` correct calls in a row: 0.99 × 2ⁿ (1.98, 3.96, …). */
export function multiplier(correct: number): Ratio {
  if (!Number.isInteger(correct) || correct < 1 || correct > MAX_FLIPS) {
    throw new RangeError(`Expected 1 to ${MAX_FLIPS} correct calls, received ${correct}`);
  }
  return ratio(99n * 2n ** BigInt(correct), 100n);
}

export type CoinflipError = 'ERR_CALLS';

/** Checks 1 … 20 calls, each "heads" or "tails". */
export function validateCalls(calls: readonly string[]): Result<readonly CoinSide[], CoinflipError> {
  if (calls.length < 1 || calls.length > MAX_FLIPS) {
    return fail('ERR_CALLS', `Expected 1 to ${MAX_FLIPS} calls, received ${calls.length}`);
  }
  const wrong = calls.find((call) => call !== 'heads' && call !== 'tails');
  return wrong === undefined
    ? ok(calls as readonly CoinSide[])
    : fail('ERR_CALLS', `Expected "heads" or "tails", received "${wrong}"`);
}

export interface CoinflipOutcome {
  /** One flip per call played; the series stops at the first wrong call. */
  readonly flips: readonly CoinSide[];
  readonly correct: number;
  readonly lost: boolean;
  /** Cash-out multiplier after the calls, 0 after a wrong call. */
  readonly multiplier: Ratio;
}

/** Plays the (validated) calls in order against the flips. */
export function outcome(floats: readonly number[], calls: readonly CoinSide[]): CoinflipOutcome {
  if (floats.length < calls.length) throw new RangeError(`${calls.length} calls need ${calls.length} floats`);
  const played: CoinSide[] = [];
  for (const [i, call] of calls.entries()) {
    const flip = sideFromFloat(floats[i]!);
    played.push(flip);
    if (flip !== call) return { flips: played, correct: i, lost: true, multiplier: ZERO };
  }
  return { flips: played, correct: calls.length, lost: false, multiplier: multiplier(calls.length) };
}
