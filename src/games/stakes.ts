/**
 * What a stake can win (docs/fairness.md §8): the smallest win of a bet must pay more than its stake,
 * and its best outcome bounds its profit. Pure maths on exact multipliers and minor units, shared
 * by the server (which refuses such bets) and the game kit (which raises the minimum it offers).
 */
import { applyRatio, compare, ONE, type Ratio } from './ratio.ts';

/** The smallest multiplier above 1× (a win) among `multipliers`, or null when none wins. */
export function smallestWin(multipliers: readonly Ratio[]): Ratio | null {
  let smallest: Ratio | null = null;
  for (const m of multipliers) {
    if (compare(m, ONE) > 0 && (smallest === null || compare(m, smallest) < 0)) smallest = m;
  }
  return smallest;
}

/** The largest of `multipliers` (0 for an empty list is never asked for: it throws). */
export function largest(multipliers: readonly Ratio[]): Ratio {
  const [first, ...rest] = multipliers;
  if (!first) throw new RangeError('Expected at least one multiplier');
  return rest.reduce((best, m) => (compare(m, best) > 0 ? m : best), first);
}

/**
 * The smallest stake (minor units) whose win at `m` > 1 pays more than the stake:
 * floor(s × num / den) ≥ s + 1 ⇔ s × (num − den) ≥ den, so s = ⌈den / (num − den)⌉.
 */
export function smallestWinningStake(m: Ratio): bigint {
  const gain = m.num - m.den;
  if (gain <= 0n) throw new RangeError(`Expected a multiplier above 1, received ${m.num}/${m.den}`);
  return (m.den + gain - 1n) / gain;
}

/** Whether a win at `m` on `stake` minor units pays more than the stake (no win at all: true). */
export function canWin(stake: bigint, m: Ratio | null): boolean {
  return m === null || stake >= smallestWinningStake(m);
}

/** Profit of a stake at multiplier `m` in minor units (the payout rounds down, as every payout does). */
export function profitAt(stake: bigint, m: Ratio): bigint {
  return applyRatio(stake, m) - stake;
}
