import type { Verdict } from '../games/kit/bet-result.ts';

/** The drawn numbers of one keno bet as the board shows them, revealed one by one. */
export interface KenoRound {
  /** The 10 numbers in draw order. */
  readonly drawn: readonly number[];
  /** How many of `drawn` are on the board so far. */
  readonly shown: number;
  /** What the bet did to the stake (a 1.00× row returns it), and what it paid (decimal string). */
  readonly verdict?: Verdict;
  readonly payout?: string;
}

export type CellState = 'idle' | 'picked' | 'hit' | 'drawn';

/** How a board number looks: picked, drawn and picked (a hit), drawn only, or neither. */
export function cellState(
  number: number,
  picks: ReadonlySet<number>,
  revealed: ReadonlySet<number>,
): CellState {
  if (revealed.has(number)) return picks.has(number) ? 'hit' : 'drawn';
  return picks.has(number) ? 'picked' : 'idle';
}

/** The numbers revealed so far. */
export function revealedNumbers(round: KenoRound | null): Set<number> {
  return new Set(round ? round.drawn.slice(0, round.shown) : []);
}

/** Hits among the revealed numbers. */
export function countHits(picks: ReadonlySet<number>, revealed: ReadonlySet<number>): number {
  let hits = 0;
  for (const n of revealed) if (picks.has(n)) hits++;
  return hits;
}
