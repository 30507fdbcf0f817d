/**
 * The coinflip series as the island shows it (docs/api-games.md "Coinflip: a series across
 * requests"): the calls and flips so far, the cash-out multiplier 0.99 × 2ⁿ after n right calls and
 * the one the next right call would reach. Pure: the island and its tests share it.
 */
import { type CoinSide, MAX_FLIPS, multiplier } from '../../games/coinflip/engine.ts';
import { applyRatio, toDecimal } from '../../games/ratio.ts';
import { fromMinor, toMinor } from '../../shared/money.ts';
import type { BetView } from '../../shared/wire/bets.ts';

export type { CoinSide };
export { MAX_FLIPS };

/** The parts of a coinflip bet view the board reads. */
export type CoinflipBet = Pick<
  BetView<'coinflip'>,
  'status' | 'amount' | 'payout' | 'multiplier' | 'params' | 'outcome'
>;

export interface Series {
  /** Stake as a decimal string in the player's currency. */
  amount: string;
  calls: CoinSide[];
  flips: CoinSide[];
  /** Right calls in a row (the series stops at the first wrong one). */
  correct: number;
  lost: boolean;
  open: boolean;
  /** What a cash-out pays now (decimal string), null before the first right call. */
  cashout: string | null;
}

/** Multiplier after `correct` right calls as a decimal string, "1" for none (the stake back). */
export function multiplierAfter(correct: number): string {
  return correct < 1 ? '1' : toDecimal(multiplier(correct), 2);
}

/** The multiplier shown now and the one the next right call reaches (null after the 20th). */
export function ladder(correct: number): { current: string; next: string | null } {
  return {
    current: multiplierAfter(correct),
    next: correct < MAX_FLIPS ? multiplierAfter(correct + 1) : null,
  };
}

/** Cash-out amount for `amount` after `correct` right calls: amount × 0.99 × 2ⁿ, rounded down. */
export function cashoutAmount(amount: string, correct: number): string | null {
  if (correct < 1) return null;
  return fromMinor(applyRatio(toMinor(amount), multiplier(Math.min(correct, MAX_FLIPS))));
}

/** Reads a bet view of the coinflip API into a series. */
export function readSeries(bet: CoinflipBet): Series {
  const calls = [...bet.params.calls];
  const flips = [...bet.outcome.flips];
  let correct = 0;
  while (correct < flips.length && flips[correct] === calls[correct]) correct += 1;
  const lost = correct < flips.length;
  const open = bet.status === 'active';
  return {
    amount: bet.amount,
    calls,
    flips,
    correct,
    lost,
    open,
    cashout: lost ? null : cashoutAmount(bet.amount, correct),
  };
}

/** Whether the player may call heads or tails now. */
export function canCall(series: Series | null): boolean {
  return Boolean(series?.open && !series.lost && series.flips.length < MAX_FLIPS);
}

/** Whether the player may cash out now (an open series with at least one right call). */
export function canCashOut(series: Series | null): boolean {
  return Boolean(series?.open && !series.lost && series.correct >= 1);
}

/** Rotation (deg about the X axis) that shows `side` after whole turns from `from`. */
export function landingRotation(from: number, side: CoinSide, turns = 5): number {
  const base = Math.ceil(from / 360) * 360 + turns * 360;
  return base + (side === 'tails' ? 180 : 0);
}
