import { errorMessage } from '../../../shared/error-codes.ts';
import type { Queryable } from '../../db/client.ts';
import { DomainError } from '../../domain-error.ts';
import { type Limit, record, retryAfter } from '../auth/attempts.ts';
import { countEvent } from '../auth/rate-limit-repository.ts';

/**
 * Promo-code tries a minute (docs/bonuses.md "Promo codes"): a player, or an address, that guesses
 * codes is stopped after a few. Every try counts, a good code too: nobody redeems five a minute.
 */
export interface PromoTries {
  perPlayer: number;
  perAddress: number;
  /** Public lookups a minute per address that find nothing (`GET /bonus-system/bonus/{name}`). */
  lookupMissesPerAddress: number;
}

/**
 * Counts one try against the player's and the address's limits, atomically (concurrent tries
 * included): past either, 429 `code: too_many_attempts:<seconds>` with Retry-After.
 */
export async function spendPromoTry(
  db: Queryable,
  tries: PromoTries,
  userId: string,
  address?: string,
): Promise<void> {
  const limits: Limit[] = [
    { key: `promo:player:${userId}`, limit: tries.perPlayer, windowSeconds: 60 },
    ...(address ? [{ key: `promo:ip:${address}`, limit: tries.perAddress, windowSeconds: 60 }] : []),
  ];
  for (const limit of limits) {
    const window = await countEvent(db, limit.key, limit.windowSeconds);
    if (window.count > limit.limit) {
      const wait = Math.max(1, window.secondsLeft);
      throw new DomainError('rate_limited', { code: [errorMessage('too_many_attempts', wait)] }, wait);
    }
  }
}

/**
 * The public lookup answers whether a code exists, so it is limited as guessing would be: the
 * lookups of an address that found nothing, counted per minute. Once they reach the limit, every
 * lookup of the address, a valid code too, is 429 `name: too_many_attempts:<seconds>` until the
 * minute ends, so the answers past it tell a guesser nothing. A lookup that finds its bonus never
 * counts: a player browsing with a promo is never held up (docs/bonuses.md "Promo codes").
 */
export async function limitedLookup<T>(
  db: Queryable,
  tries: PromoTries,
  address: string,
  lookup: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const limit: Limit = {
    key: `promo-lookup:ip:${address}`,
    limit: tries.lookupMissesPerAddress,
    windowSeconds: 60,
  };
  const wait = await retryAfter(db, limit);
  if (wait > 0)
    throw new DomainError('rate_limited', { name: [errorMessage('too_many_attempts', wait)] }, wait);
  const found = await lookup();
  if (found === undefined) await record(db, limit);
  return found;
}
