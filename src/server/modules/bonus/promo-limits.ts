import { errorMessage } from '../../../shared/error-codes.ts';
import type { Queryable } from '../../db/client.ts';
import { DomainError } from '../../domain-error.ts';
import type { Limit } from '../auth/attempts.ts';
import { countEvent } from '../auth/rate-limit-repository.ts';

/**
 * Promo-code tries a minute (docs/bonuses.md "Promo codes"): a player, or an address, that guesses
 * codes is stopped after a few. Every try counts, a good code too: nobody redeems five a minute.
 */
export interface PromoTries {
  perPlayer: number;
  perAddress: number;
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
