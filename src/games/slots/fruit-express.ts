/**
 * Fruit Express: a classic 3 reels × 3 rows with 5 lines (the three rows and both diagonals) paying
 * three of a kind; W (wild) stands in for every symbol and three wilds pay the most
 * (docs/slots-maths.md "Fruit Express"). No feature: one screen per spin.
 */
import { type LineRules, lineWins, perLineBet } from './lines.ts';
import { type FloatSource, stopOf, strip, windowOf } from './stream.ts';
import type { SpinResult } from './types.ts';

export const REELS = 3;
export const ROWS = 3;
export const WILD = 'W';
/** Wild, seven, bar, bell, plum, orange, cherry. */
export const SYMBOLS = ['W', '7', 'B', 'L', 'P', 'O', 'C'] as const;

/** Reel strips, top to bottom; a window shows `stop`, `stop + 1`, `stop + 2` (wrapping). */
export const STRIPS: readonly (readonly string[])[] = [
  strip('COCPLCBOPOP7OLBCPB7PCLWBCOLP'),
  strip('BCOBPCOCLBPOPC7PWBPCOCLO7LPL'),
  strip('PCBPCBLPWOCOCOP7LPBO7OCBLPCL'),
];

/** Rows of the 5 lines, reel by reel: middle, top, bottom, then the two diagonals. */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

/** Pays for three in a line, in line bets (stake ÷ 5). */
export const LINE_PAYS: Readonly<Record<string, readonly number[]>> = {
  W: [0, 0, 0, 250],
  '7': [0, 0, 0, 100],
  B: [0, 0, 0, 50],
  L: [0, 0, 0, 25],
  P: [0, 0, 0, 15],
  O: [0, 0, 0, 10],
  C: [0, 0, 0, 5],
};

export const RULES: LineRules = { lines: PAYLINES, pays: perLineBet(LINE_PAYS, PAYLINES.length), wild: WILD };

/** One screen: 3 stops and the line wins. */
export function spinFruitExpress(floats: FloatSource): Omit<SpinResult, 'floatsUsed'> {
  const stops = STRIPS.map((reel) => stopOf(floats.next(), reel.length));
  const grid = STRIPS.map((reel, i) => windowOf(reel, stops[i]!, ROWS));
  const wins = lineWins(grid, RULES, 1);
  const win = wins.reduce((sum, w) => sum + w.win, 0);
  const step = {
    kind: 'base' as const,
    grid,
    stops,
    wins,
    multiplier: 1,
    freeSpinsLeft: 0,
    freeSpinsAwarded: 0,
  };
  return { game: 'fruit-express', steps: [step], win, capped: false };
}
