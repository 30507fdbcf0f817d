/**
 * Table limits of the live tables (docs/fairness.md §10): per currency and bet kind, the least and
 * the most one position may hold. The limits are data handed in by the caller (configuration), so
 * the engines stay pure. A position is one spot of the layout (a street, "red", the banker box);
 * chips on the same spot add up before they are checked, whichever bet put them there.
 */
import { fail, ok, type Result } from '../result.ts';

/** Least and most one position of a bet kind may hold, in minor units (min ≤ max). */
export interface Limit {
  readonly min: bigint;
  readonly max: bigint;
}

/** Limits by currency code, then by bet kind; a kind missing from a currency is not offered in it. */
export type TableLimits<K extends string> = Readonly<Record<string, Readonly<Partial<Record<K, Limit>>>>>;

/** One spot of the layout: its bet kind, a key naming the spot, and what is staked on it. */
export interface Position<K extends string> {
  readonly kind: K;
  readonly key: string;
  readonly amount: bigint;
}

export type LimitError = 'ERR_CURRENCY' | 'ERR_KIND_CLOSED' | 'ERR_BELOW_MIN' | 'ERR_ABOVE_MAX';

/** A failed check names the position (its kind and key) when one is at fault. */
export type LimitCheck<K extends string> = Result<readonly Position<K>[], LimitError> & {
  readonly kind?: K;
  readonly key?: string;
};

/** Sums the amounts of positions with the same kind and key, keeping the order of first appearance. */
export function mergePositions<K extends string>(positions: readonly Position<K>[]): Position<K>[] {
  const merged = new Map<string, Position<K>>();
  for (const position of positions) {
    const id = `${position.kind}:${position.key}`;
    const seen = merged.get(id);
    merged.set(id, seen ? { ...seen, amount: seen.amount + position.amount } : position);
  }
  return [...merged.values()];
}

/**
 * Checks positions against a currency's limits: the currency must have limits, every kind used must
 * be offered in it, and each merged position must hold from `min` to `max` inclusive. Returns the
 * merged positions.
 */
export function checkLimits<K extends string>(
  positions: readonly Position<K>[],
  currency: string,
  limits: TableLimits<K>,
): LimitCheck<K> {
  const table = Object.hasOwn(limits, currency) ? limits[currency] : undefined;
  if (!table) {
    return fail('ERR_CURRENCY', `Expected a currency this table takes, received "${currency}"`);
  }
  const merged = mergePositions(positions);
  for (const { kind, key, amount } of merged) {
    const limit = Object.hasOwn(table, kind) ? table[kind] : undefined;
    const at = { kind, key };
    if (!limit) {
      return { ...fail('ERR_KIND_CLOSED', `${key}: ${kind} bets are not offered in ${currency}`), ...at };
    }
    if (amount < limit.min) {
      return {
        ...fail(
          'ERR_BELOW_MIN',
          `${key}: expected at least ${limit.min} minor units of ${currency}, received ${amount}`,
        ),
        ...at,
      };
    }
    if (amount > limit.max) {
      return {
        ...fail(
          'ERR_ABOVE_MAX',
          `${key}: expected at most ${limit.max} minor units of ${currency}, received ${amount}`,
        ),
        ...at,
      };
    }
  }
  return ok(merged);
}
