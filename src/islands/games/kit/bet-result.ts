import { toMinor } from '../../../shared/money.ts';
import type { Bet } from './types.ts';

/** A decimal amount in minor units, or null when absent or not an amount. */
export function minorOrNull(decimal: string | undefined | null): bigint | null {
  try {
    return decimal ? toMinor(decimal) : null;
  } catch {
    return null;
  }
}

/** A win is a payout above the stake. */
export function isWin(bet: Pick<Bet, 'amount' | 'payout'>): boolean {
  return (minorOrNull(bet.payout) ?? 0n) > (minorOrNull(bet.amount) ?? 0n);
}

/**
 * What a settled bet did to the stake: a win pays more than it, a push pays it back exactly (a 1.00×
 * keno row), a partial return pays back less than it (a 0.40× case prize), a loss pays nothing.
 */
export type Verdict = 'win' | 'push' | 'partial' | 'loss';

export function verdictOf(bet: Pick<Bet, 'amount' | 'payout'>): Verdict {
  const payout = minorOrNull(bet.payout) ?? 0n;
  const amount = minorOrNull(bet.amount) ?? 0n;
  if (payout > amount) return 'win';
  if (payout === 0n) return 'loss';
  return payout === amount ? 'push' : 'partial';
}
