/**
 * Miner, a.k.a. mines (docs/fairness.md §3): tiles 0 … 24 left→right, top→bottom; `pool = [0..24]`,
 * 24 order-keeping splices `pool.splice(floor(float_i × pool.length), 1)`; the first k picks are
 * the k mines.
 */
import { type Ratio, ratio, ZERO } from '../ratio.ts';
import { fail, ok, type Result } from '../result.ts';

export const TILES = 25;
/** Floats of the full pick order; the first `mines` of them decide the board. */
export const FLOAT_COUNT = 24;

/** C(n, k) as a bigint. */
function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 1; i <= k; i += 1) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/** The pick order of the tiles (up to 24 picks, one per float given). */
export function pickOrder(floats: readonly number[]): number[] {
  const pool = Array.from({ length: TILES }, (_, i) => i);
  return floats.slice(0, FLOAT_COUNT).map((float) => pool.splice(Math.floor(float * pool.length), 1)[0]!);
}

/** The mine tiles for `mines` mines, ascending. */
export function placeMines(floats: readonly number[], mines: number): number[] {
  if (floats.length < mines)
    throw new RangeError(`${mines} mines need ${mines} floats, received ${floats.length}`);
  return pickOrder(floats.slice(0, mines)).sort((a, b) => a - b);
}

export type MinerError = 'ERR_MINES' | 'ERR_TILE' | 'ERR_TILE_REPEATED' | 'ERR_TOO_MANY_REVEALS';

/** Checks a mine count of 1 … 24. */
export function validateMineCount(mines: number): Result<number, 'ERR_MINES'> {
  return Number.isInteger(mines) && mines >= 1 && mines <= TILES - 1
    ? ok(mines)
    : fail('ERR_MINES', `Expected 1 to ${TILES - 1} mines, received ${mines}`);
}

/** Checks the tiles a player opened: distinct tiles 0 … 24, at most 25 − mines of them. */
export function validateReveals(
  mines: number,
  reveals: readonly number[],
): Result<readonly number[], MinerError> {
  for (const tile of reveals) {
    if (!Number.isInteger(tile) || tile < 0 || tile >= TILES) {
      return fail('ERR_TILE', `Expected tiles 0 to ${TILES - 1}, received ${tile}`);
    }
  }
  if (new Set(reveals).size !== reveals.length) {
    return fail('ERR_TILE_REPEATED', `Expected each tile at most once, received [${reveals.join(', ')}]`);
  }
  if (reveals.length > TILES - mines) {
    return fail(
      'ERR_TOO_MANY_REVEALS',
      `Expected at most ${TILES - mines} safe tiles, received ${reveals.length}`,
    );
  }
  return ok(reveals);
}

/** Multiplier after `safe` safe tiles with `mines` mines: 0.99 × C(25, d) / C(25 − k, d), exact. */
export function multiplier(mines: number, safe: number): Ratio {
  if (safe < 0 || safe > TILES - mines)
    throw new RangeError(`${safe} safe tiles are impossible with ${mines} mines`);
  return ratio(99n * choose(TILES, safe), 100n * choose(TILES - mines, safe));
}

export interface MinerOutcome {
  readonly mines: readonly number[];
  /** Safe tiles opened before the round ended. */
  readonly safe: number;
  /** The tile that hit a mine, if one did (the round then pays nothing). */
  readonly hitTile: number | undefined;
  /** The cash-out multiplier after the reveals, 0 after a mine. */
  readonly multiplier: Ratio;
}

/** Plays the reveals in order against the board; stops at the first mine. `params` must be validated. */
export function outcome(
  floats: readonly number[],
  params: { mines: number; reveals: readonly number[] },
): MinerOutcome {
  const mines = placeMines(floats, params.mines);
  const hitTile = params.reveals.find((tile) => mines.includes(tile));
  const safe = hitTile === undefined ? params.reveals.length : params.reveals.indexOf(hitTile);
  return { mines, safe, hitTile, multiplier: hitTile === undefined ? multiplier(params.mines, safe) : ZERO };
}
