import type { Queryable } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';

/** A fixed-window counter: at most `limit` events per `windowSeconds` under `key`. */
export interface Limit {
  key: string;
  limit: number;
  windowSeconds: number;
}

/** Brute-force limits (per account and per IP), in one place. */
export const LIMITS = {
  /** Failed password or code logins against one account. */
  accountFailures: (target: string): Limit => ({
    key: `fail:acct:${target}`,
    limit: 5,
    windowSeconds: 15 * 60,
  }),
  /** Failed logins from one IP, across accounts. */
  ipFailures: (ip: string): Limit => ({ key: `fail:ip:${ip}`, limit: 30, windowSeconds: 15 * 60 }),
  /** Codes sent to one address (send + resend). */
  codeSends: (target: string): Limit => ({ key: `send:${target}`, limit: 5, windowSeconds: 10 * 60 }),
  /** Code or token checks from one IP. */
  ipChecks: (ip: string): Limit => ({ key: `check:ip:${ip}`, limit: 60, windowSeconds: 10 * 60 }),
} as const;

/** Seconds until `limit` allows another event, or 0 when it allows one now. */
export async function retryAfter(db: Queryable, limit: Limit): Promise<number> {
  const [row] = await db.query<{ count: number; left: string }>(
    `select count, extract(epoch from (window_start + make_interval(secs => $2) - now()))::int as left
       from rate_limits where key = $1`,
    [limit.key, limit.windowSeconds],
  );
  if (!row || Number(row.left) <= 0 || row.count < limit.limit) return 0;
  return Math.max(1, Number(row.left));
}

/** Records one event (atomically, concurrent callers included). */
export async function record(db: Queryable, limit: Limit): Promise<void> {
  await db.query(
    `insert into rate_limits (key, window_start, count) values ($1, now(), 1)
     on conflict (key) do update set
       count = case when rate_limits.window_start + make_interval(secs => $2) <= now() then 1 else rate_limits.count + 1 end,
       window_start = case when rate_limits.window_start + make_interval(secs => $2) <= now() then now() else rate_limits.window_start end`,
    [limit.key, limit.windowSeconds],
  );
}

export async function clear(db: Queryable, limit: Limit): Promise<void> {
  await db.query('delete from rate_limits where key = $1', [limit.key]);
}

/** Throws 429 `too_many_attempts:<seconds>` when any of the limits is exhausted. */
export async function assertAllowed(db: Queryable, ...limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const wait = await retryAfter(db, limit);
    if (wait > 0) throw new TooManyAttempts(wait);
  }
}

export class TooManyAttempts extends ApiError {
  constructor(seconds: number) {
    super(429, { request: [`too_many_attempts:${seconds}`] });
    this.retryAfterSeconds = seconds;
  }
}
