import { errorMessage } from '../../../shared/error-codes.ts';
import type { Queryable } from '../../db/client.ts';
import { DomainError } from '../../domain-error.ts';
import { countEvent, windowOf } from './rate-limit-repository.ts';

/** A fixed-window counter: at most `limit` events per `windowSeconds` under `key`. */
export interface Limit {
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Limits on sending codes and on checking codes and tokens. Login failures are counted by the
 * login throttle instead (src/server/modules/auth/throttle.ts): it slows guessing without locking
 * the owner out.
 */
export const LIMITS = {
  /** Codes sent to one address (send + resend). */
  codeSends: (target: string): Limit => ({ key: `send:${target}`, limit: 5, windowSeconds: 10 * 60 }),
  /** Phone numbers a player adds from the settings (each is texted a code): no SMS flood through one account. */
  phoneAdds: (userId: string): Limit => ({ key: `phone-add:${userId}`, limit: 5, windowSeconds: 24 * 3600 }),
  /** Code or token checks from one IP. */
  ipChecks: (ip: string): Limit => ({ key: `check:ip:${ip}`, limit: 60, windowSeconds: 10 * 60 }),
} as const;

/** Seconds until `limit` allows another event, or 0 when it allows one now. */
export async function retryAfter(db: Queryable, limit: Limit): Promise<number> {
  const window = await windowOf(db, limit.key, limit.windowSeconds);
  if (!window || window.secondsLeft <= 0 || window.count < limit.limit) return 0;
  return Math.max(1, window.secondsLeft);
}

/** Records one event (atomically, concurrent callers included). */
export async function record(db: Queryable, limit: Limit): Promise<void> {
  await countEvent(db, limit.key, limit.windowSeconds);
}

/** Throws 429 `too_many_attempts:<seconds>` when any of the limits is exhausted. */
export async function assertAllowed(db: Queryable, ...limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const wait = await retryAfter(db, limit);
    if (wait > 0) throw new TooManyAttempts(wait);
  }
}

/** One more event under `limit`: refused (429) when it is exhausted, else counted. */
export async function spend(db: Queryable, limit: Limit): Promise<void> {
  await assertAllowed(db, limit);
  await record(db, limit);
}

/** 429 `too_many_attempts:<seconds>` with Retry-After. */
export class TooManyAttempts extends DomainError {
  constructor(seconds: number) {
    super('rate_limited', { request: [errorMessage('too_many_attempts', seconds)] }, seconds);
  }
}
