/**
 * Keno (docs/fairness.md §3): 10 numbers drawn from 1 … 40 by splicing a pool, `pool.splice(
 * floor(float_i × pool.length), 1)` (order-keeping removal, not a swap); the player picks 1 … 10.
 */
import { parseDecimal, type Ratio } from '../ratio.ts';
import { fail, ok, type Result } from '../result.ts';

export const FLOAT_COUNT = 10;
export const POOL_SIZE = 40;
export const DRAW_COUNT = 10;
export const MAX_PICKS = 10;

export const RISKS = ['classic', 'low', 'medium', 'high'] as const;
export type KenoRisk = (typeof RISKS)[number];

/**
 * The paytables verbatim from docs/fairness.md §3: per risk, one group per count of picks (1 … 10),
 * each the multiplier by number of hits starting at 0 hits.
 */
export const PAYTABLE_TEXT: Readonly<Record<KenoRisk, string>> = {
  classic:
    '.0,3.96 | 0,1.9,4.5 | 0,1,3.1,10.4 | 0,.8,1.8,5,22.5 | 0,.25,1.4,4.1,16.5,36 | 0,0,1,3.68,7,16.5,40 | 0,0,.47,3,4.5,14,31,60 | 0,0,0,2.2,4,13,22,55,70 | 0,0,0,1.55,3,8,15,44,60,85 | 0,0,0,1.4,2.25,4.5,8,17,50,80,100',
  low: '.7,1.85 | 0,2,3.8 | 0,1.1,1.38,26 | 0,0,2.2,7.9,90 | 0,0,1.5,4.2,13,300 | 0,0,1.1,2,6.2,100,700 | 0,0,1.1,1.6,3.5,15,225,700 | 0,0,1.1,1.5,2,5.5,39,100,800 | 0,0,1.1,1.3,1.7,2.5,7.5,50,250,1000 | 0,0,1.1,1.2,1.3,1.8,3.5,13,50,250,1000',
  medium:
    '.4,2.75 | 0,1.8,5.1 | 0,0,2.8,50 | 0,0,1.7,10,100 | 0,0,1.4,4,14,390 | 0,0,0,3,9,180,710 | 0,0,0,2,7,30,400,800 | 0,0,0,2,4,11,67,400,900 | 0,0,0,2,2.5,5,15,100,500,1000 | 0,0,0,1.6,2,4,7,26,100,500,1000',
  high: '0,3.96 | 0,0,17.1 | 0,0,0,81.5 | 0,0,0,10,259 | 0,0,0,4.5,48,450 | 0,0,0,0,11,350,710 | 0,0,0,0,7,90,400,800 | 0,0,0,0,5,20,270,600,900 | 0,0,0,0,4,11,56,500,800,1000 | 0,0,0,0,3.5,8,13,63,500,800,1000',
};

function parsePaytable(text: string): Ratio[][] {
  return text.split('|').map((group) => group.trim().split(',').map(parseDecimal));
}

/** Multipliers by risk, then picks − 1, then hits. */
export const PAYTABLES: Readonly<Record<KenoRisk, readonly (readonly Ratio[])[]>> = {
  classic: parsePaytable(PAYTABLE_TEXT.classic),
  low: parsePaytable(PAYTABLE_TEXT.low),
  medium: parsePaytable(PAYTABLE_TEXT.medium),
  high: parsePaytable(PAYTABLE_TEXT.high),
};

/** The 10 drawn numbers, in draw order. */
export function draw(floats: readonly number[]): number[] {
  if (floats.length < DRAW_COUNT)
    throw new RangeError(`Keno needs ${DRAW_COUNT} floats, received ${floats.length}`);
  const pool = Array.from({ length: POOL_SIZE }, (_, i) => i + 1);
  return floats.slice(0, DRAW_COUNT).map((float) => pool.splice(Math.floor(float * pool.length), 1)[0]!);
}

export type KenoError = 'ERR_RISK' | 'ERR_PICKS_COUNT' | 'ERR_PICK_RANGE' | 'ERR_PICK_DUPLICATE';

/** Checks the risk name. */
export function validateRisk(risk: string): Result<KenoRisk, 'ERR_RISK'> {
  return (RISKS as readonly string[]).includes(risk)
    ? ok(risk as KenoRisk)
    : fail('ERR_RISK', `Expected risk ${RISKS.join(', ')}, received "${risk}"`);
}

/** Checks 1 … 10 distinct whole numbers from 1 … 40. */
export function validatePicks(picks: readonly number[]): Result<readonly number[], KenoError> {
  if (picks.length < 1 || picks.length > MAX_PICKS) {
    return fail('ERR_PICKS_COUNT', `Expected 1 to ${MAX_PICKS} picks, received ${picks.length}`);
  }
  for (const pick of picks) {
    if (!Number.isInteger(pick) || pick < 1 || pick > POOL_SIZE) {
      return fail('ERR_PICK_RANGE', `Expected picks from 1 to ${POOL_SIZE}, received ${pick}`);
    }
  }
  if (new Set(picks).size !== picks.length) {
    return fail('ERR_PICK_DUPLICATE', `Expected distinct picks, received [${picks.join(', ')}]`);
  }
  return ok(picks);
}

/** Multiplier for `hits` hits out of `picks` picks at `risk`. */
export function multiplier(risk: KenoRisk, picks: number, hits: number): Ratio {
  const value = PAYTABLES[risk][picks - 1]?.[hits];
  if (!value) throw new RangeError(`No keno payout for ${picks} picks and ${hits} hits`);
  return value;
}

export interface KenoOutcome {
  readonly drawn: readonly number[];
  /** The player's picks that were drawn, in pick order. */
  readonly hits: readonly number[];
  readonly multiplier: Ratio;
}

/** The settled bet for the stream floats. `params` must be validated. */
export function outcome(
  floats: readonly number[],
  params: { risk: KenoRisk; picks: readonly number[] },
): KenoOutcome {
  const drawn = draw(floats);
  const hits = params.picks.filter((pick) => drawn.includes(pick));
  return { drawn, hits, multiplier: multiplier(params.risk, params.picks.length, hits.length) };
}
