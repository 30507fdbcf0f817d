/**
 * Dice (docs/fairness.md §3): `roll = floor(float_0 × 10001) / 100`, 0.00 … 100.00. Rolls, targets and
 * chances are integers of hundredths here (a roll of 52.37 is 5237).
 */
import { type Ratio, ratio, ZERO } from '../ratio.ts';
import { fail, ok, type Result } from '../result.ts';

export const FLOAT_COUNT = 1;
/** Distinct rolls: 0.00 … 100.00. */
export const ROLL_OUTCOMES = 10_001;
/** Win chance bounds in hundredths of a percent: 0.01 % … 98 %. */
export const MIN_CHANCE = 1;
export const MAX_CHANCE = 9_800;
/** 99 % in hundredths of a percent: the multiplier is 99 / chance (a 1 % nominal edge). */
const PAYOUT_PERCENT = 9_900n;

export type DiceDirection = 'under' | 'over';

/** Win when the roll is strictly under / strictly over the target (hundredths). */
export interface DiceBet {
  readonly target: number;
  readonly direction: DiceDirection;
}

export interface DiceOutcome {
  readonly roll: number;
  readonly win: boolean;
  /** The bet's multiplier when it wins, 0 when it loses. */
  readonly multiplier: Ratio;
}

export type DiceError = 'ERR_DIRECTION' | 'ERR_TARGET' | 'ERR_CHANCE';

/** The roll in hundredths for a float: floor(float × 10001). */
export function rollFromFloat(float: number): number {
  return Math.floor(float * ROLL_OUTCOMES);
}

/** Win chance in hundredths of a percent: `target` under, `10000 − target` over. */
export function winChance(bet: DiceBet): number {
  return bet.direction === 'under' ? bet.target : 10_000 - bet.target;
}

/** Checks the direction, that the target is a whole number of hundredths, and the chance bounds. */
export function validateBet(bet: DiceBet): Result<DiceBet, DiceError> {
  if (bet.direction !== 'under' && bet.direction !== 'over') {
    return fail('ERR_DIRECTION', `Expected direction "under" or "over", received "${String(bet.direction)}"`);
  }
  if (!Number.isInteger(bet.target) || bet.target < 0 || bet.target > 10_000) {
    return fail('ERR_TARGET', `Expected a target in hundredths from 0 to 10000, received ${bet.target}`);
  }
  const chance = winChance(bet);
  if (chance < MIN_CHANCE || chance > MAX_CHANCE) {
    return fail('ERR_CHANCE', `Expected a win chance from 0.01 % to 98 %, received ${chance / 100} %`);
  }
  return ok(bet);
}

/** Multiplier of a winning bet: 99 / chance, exactly (9900 / chance in hundredths). */
export function multiplier(bet: DiceBet): Ratio {
  return ratio(PAYOUT_PERCENT, BigInt(winChance(bet)));
}

/** Whether `roll` (hundredths) wins `bet`. */
export function isWin(bet: DiceBet, roll: number): boolean {
  return bet.direction === 'under' ? roll < bet.target : roll > bet.target;
}

/** The settled bet for the stream floats (only `float_0` is used). `bet` must be validated. */
export function outcome(floats: readonly number[], bet: DiceBet): DiceOutcome {
  const float = floats[0];
  if (float === undefined) throw new RangeError('Dice needs 1 float');
  const roll = rollFromFloat(float);
  const win = isWin(bet, roll);
  return { roll, win, multiplier: win ? multiplier(bet) : ZERO };
}

/** A roll in hundredths as the player sees it: 5237 → "52.37". */
export function formatRoll(roll: number): string {
  return (roll / 100).toFixed(2);
}
