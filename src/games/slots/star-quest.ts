/**
 * Star Quest: 5 reels × 3 rows, 20 fixed paylines paying 3, 4 or 5 of a kind from the leftmost reel.
 * W (wild, reels 2-4 only) stands in for every symbol but the scatter; S (scatter) pays anywhere
 * and 3, 4 or 5 of them award 10, 15 or 20 free spins, played on the same reels with every win ×2;
 * scatters in a free spin award more the same way (docs/slots-maths.md "Star Quest").
 */
import { type LineRules, lineWins, perLineBet } from './lines.ts';
import { type FloatSource, MAX_WIN, stopOf, strip, windowOf } from './stream.ts';
import type { SlotStep, SlotWin, SpinResult } from './types.ts';

export const REELS = 5;
export const ROWS = 3;
export const WILD = 'W';
export const SCATTER = 'S';
/** Rocket, planet, moon, comet, then the card ranks A, K, Q, J and T (ten). */
export const SYMBOLS = ['W', 'S', 'R', 'P', 'M', 'C', 'A', 'K', 'Q', 'J', 'T'] as const;

/** Reel strips, top to bottom; a window shows `stop`, `stop + 1`, `stop + 2` (wrapping). */
export const STRIPS: readonly (readonly string[])[] = [
  strip('SPKACRQPJKMJQKCAJRTKQACTJQTMTM'),
  strip('PKQKWPQTWCRWJQAJWTKQMWKCMSTAMRCAJTJ'),
  strip('RMWJAKASWQPKTWQMJTWJQMARCWKPTKCQWTCJ'),
  strip('PRJWTMQJTWRSKPMWQCQAKCKTKWAJQAMJCT'),
  strip('PKAQJPCKMSQJQTRAJKMTJTSCKCTARQMT'),
];

/** Rows of the 20 paylines, reel by reel (row 0 at the top). */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 1, 0, 0],
  [2, 2, 1, 2, 2],
  [0, 2, 2, 2, 0],
];

/** Pays for 0 … 5 in a row, in line bets (stake ÷ 20). */
export const LINE_PAYS: Readonly<Record<string, readonly number[]>> = {
  R: [0, 0, 0, 25, 100, 500],
  P: [0, 0, 0, 20, 75, 250],
  M: [0, 0, 0, 15, 50, 150],
  C: [0, 0, 0, 10, 40, 125],
  A: [0, 0, 0, 5, 20, 100],
  K: [0, 0, 0, 5, 15, 75],
  Q: [0, 0, 0, 4, 10, 50],
  J: [0, 0, 0, 3, 10, 40],
  T: [0, 0, 0, 2, 8, 30],
};

/** Scatter pays for 0 … 5 scatters anywhere, in hundredths of the stake (2×, 10×, 50×). */
export const SCATTER_PAYS: readonly number[] = [0, 0, 0, 200, 1_000, 5_000];
/** Free spins awarded by 0 … 5 scatters, in the base game and again in free spins. */
export const FREE_SPINS: readonly number[] = [0, 0, 0, 10, 15, 20];
export const FREE_SPIN_MULTIPLIER = 2;

export const RULES: LineRules = {
  lines: PAYLINES,
  pays: perLineBet(LINE_PAYS, PAYLINES.length),
  wild: WILD,
  scatter: SCATTER,
};

/** One screen: 5 stops, the line and scatter wins, and how many scatters it showed. */
function playScreen(
  floats: FloatSource,
  multiplier: number,
): { grid: string[][]; stops: number[]; wins: SlotWin[]; scatters: number } {
  const stops = STRIPS.map((reel) => stopOf(floats.next(), reel.length));
  const grid = STRIPS.map((reel, i) => windowOf(reel, stops[i]!, ROWS));
  const wins = lineWins(grid, RULES, multiplier);
  const cells = grid.flatMap((column, reel) =>
    column.flatMap((symbol, row) => (symbol === SCATTER ? [[reel, row] as const] : [])),
  );
  const pay = SCATTER_PAYS[cells.length] ?? 0;
  if (pay > 0) {
    wins.push({ kind: 'scatter', symbol: SCATTER, count: cells.length, cells, win: pay * multiplier });
  }
  return { grid, stops, wins, scatters: cells.length };
}

/** A paid spin and the free spins it awards; the total stops at `MAX_WIN`, which ends the feature. */
export function spinStarQuest(floats: FloatSource): Omit<SpinResult, 'floatsUsed'> {
  const steps: SlotStep[] = [];
  let total = 0;
  let left = 0;
  let kind: 'base' | 'free' = 'base';
  do {
    if (kind === 'free') left -= 1;
    const multiplier = kind === 'free' ? FREE_SPIN_MULTIPLIER : 1;
    const { grid, stops, wins, scatters } = playScreen(floats, multiplier);
    const awarded = FREE_SPINS[scatters] ?? 0;
    left += awarded;
    total += wins.reduce((sum, win) => sum + win.win, 0);
    if (total >= MAX_WIN) left = 0;
    steps.push({ kind, grid, stops, wins, multiplier, freeSpinsLeft: left, freeSpinsAwarded: awarded });
    kind = 'free';
  } while (left > 0);
  return { game: 'star-quest', steps, win: Math.min(total, MAX_WIN), capped: total >= MAX_WIN };
}
