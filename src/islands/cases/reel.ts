/**
 * The opening reel of a case: a strip of prize tiles that scrolls left and stops with the won tile
 * under the centre marker. The server has already decided the prize (outcome.row); the strip is
 * decoration built around it, so the won tile is placed at `stop` and the others are filler drawn
 * from the table (rare rows a little more often than their odds, so the strip looks alive).
 */
import type { CaseRow } from '../../games/cases/tables.ts';

export interface ReelOptions {
  /** Number of tiles on the strip. */
  length?: number;
  /** Index of the won tile (the one that stops under the marker). */
  stop?: number;
  /** Any integer: the same seed gives the same strip. */
  seed?: number;
}

export const REEL_LENGTH = 48;
export const REEL_STOP = 40;

/** mulberry32: a tiny deterministic PRNG for the filler tiles (decoration, not fairness). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Display weight of each row: the square root of its probability, so common prizes still fill most
 * of the strip but rare ones flash by now and then.
 */
function weights(probabilities: readonly number[]): number[] {
  return probabilities.map((p) => Math.sqrt(Math.max(p, 0)));
}

/** Row indices of the strip, with `won` at `stop`. */
export function buildReel(
  table: readonly CaseRow[],
  probabilities: readonly number[],
  won: number,
  { length = REEL_LENGTH, stop = REEL_STOP, seed = 1 }: ReelOptions = {},
): number[] {
  if (won < 0 || won >= table.length) {
    throw new RangeError(`Expected a row of the table (0 to ${table.length - 1}), received ${won}`);
  }
  if (stop < 0 || stop >= length)
    throw new RangeError(`Expected stop in 0 to ${length - 1}, received ${stop}`);
  const w = weights(probabilities);
  const total = w.reduce((sum, x) => sum + x, 0);
  const random = prng(seed);
  const pick = () => {
    let x = random() * total;
    for (const [i, weight] of w.entries()) {
      x -= weight;
      if (x < 0) return i;
    }
    return table.length - 1;
  };
  const reel = Array.from({ length }, pick);
  reel[stop] = won;
  return reel;
}

export interface ReelGeometry {
  /** Tile width in px. */
  tile: number;
  /** Gap between tiles in px. */
  gap: number;
  /** Visible width of the reel window in px; the marker is at its centre. */
  window: number;
}

/**
 * How far (px) to shift the strip left so the marker (the window's centre) lies over tile `stop`,
 * `jitter` ∈ (−0.5, 0.5) of a tile off its centre so the stop does not look mechanical.
 */
export function reelOffset(stop: number, { tile, gap, window }: ReelGeometry, jitter = 0): number {
  const clamped = Math.max(-0.4, Math.min(0.4, jitter));
  const centre = stop * (tile + gap) + tile / 2;
  return centre + clamped * tile - window / 2;
}

/** Index of the tile under the marker for a strip shifted left by `offset` px (null in a gap). */
export function tileUnderMarker(offset: number, { tile, gap, window }: ReelGeometry): number | null {
  const x = offset + window / 2;
  const index = Math.floor(x / (tile + gap));
  return x - index * (tile + gap) <= tile ? index : null;
}
