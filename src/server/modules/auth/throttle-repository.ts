import type { Queryable } from '../../db/client.ts';
import type { Backoff, Budget, Counter, Scope } from './throttle-counters.ts';

/** The login throttle's counters (login_throttles), shared by every instance on the database. */

/** The counters among `keys` that impose a wait now, with the seconds left. */
export function waitingCounters(
  db: Queryable,
  keys: string[],
): Promise<Array<{ scope: Scope; wait: number }>> {
  return db.query<{ scope: Scope; wait: number }>(
    `select scope, ceil(extract(epoch from blocked_until - now()))::int as wait from login_throttles
      where key = any($1::text[]) and expires_at > now() and blocked_until > now()`,
    [keys],
  );
}

export interface CounterRow {
  scope: Scope;
  key: string;
  account: string | null;
  ip: string | null;
  failures: number;
  wait_seconds: number;
  last_failure_at: Date;
}

/** Live counters with failures, the latest failure first (at most 2000). */
export function liveCounters(db: Queryable): Promise<CounterRow[]> {
  return db.query<CounterRow>(
    `select scope, key, account, ip, failures, last_failure_at,
            greatest(0, ceil(extract(epoch from blocked_until - now())))::int as wait_seconds
       from login_throttles where expires_at > now() and failures > 0
      order by last_failure_at desc limit 2000`,
  );
}

/**
 * Counts one failure in advance under `policy`: null when the counter is waiting (another attempt
 * got there first), else the wait this failure imposes (0 for a free one).
 */
export async function reserveFailure(
  db: Queryable,
  counter: Counter,
  policy: Backoff | Budget,
): Promise<number | null> {
  // The failure count after this one: a counter past its memory or window starts again.
  const next = 'case when t.expires_at <= now() then 1 else t.failures + 1 end';
  const later = 'now() + make_interval(secs => $5::float8)';
  const sql =
    policy.kind === 'backoff'
      ? {
          // The memory slides with every failure; the wait doubles from the first waiting one.
          expires: later,
          blocked: (n: string) =>
            `case when ${n} >= $6::int then now() + make_interval(secs => least($8::float8, $7::float8 * power(2, ${n} - $6::int))) end`,
          firstBlocked:
            'case when 1 >= $6::int then now() + make_interval(secs => least($8::float8, $7::float8)) end',
          values: [policy.memorySeconds, policy.firstWaitAfter, policy.baseSeconds, policy.capSeconds],
        }
      : {
          // The window is fixed from its first failure; a spent budget waits for its end.
          expires: `case when t.expires_at <= now() then ${later} else t.expires_at end`,
          blocked: (n: string) =>
            `case when ${n} >= $6::int then (case when t.expires_at <= now() then ${later} else t.expires_at end) end`,
          firstBlocked: `case when 1 >= $6::int then ${later} end`,
          values: [policy.windowSeconds, policy.failures],
        };
  const [row] = await db.query<{ wait: number }>(
    `insert into login_throttles as t
            (key, scope, account, ip, failures, started_at, last_failure_at, expires_at, blocked_until)
     values ($1, $2, $3, $4, 1, now(), now(), ${later}, ${sql.firstBlocked})
     on conflict (key) do update set
       failures = ${next},
       started_at = case when t.expires_at <= now() then now() else t.started_at end,
       last_failure_at = now(),
       expires_at = ${sql.expires},
       blocked_until = ${sql.blocked(next)}
     where t.expires_at <= now() or t.blocked_until is null or t.blocked_until <= now()
     returning coalesce(ceil(extract(epoch from t.blocked_until - now())), 0)::int as wait`,
    [counter.key, counter.scope, counter.account, counter.ip, ...sql.values],
  );
  return row ? Number(row.wait) : null;
}

/** Forgets a counter (an account's own counters after a success). */
export async function deleteCounter(db: Queryable, key: string): Promise<void> {
  await db.query('delete from login_throttles where key = $1', [key]);
}

/** Takes one failure back from a live budget counter, lifting its wait once under `failures`. */
export async function takeBackFailure(db: Queryable, key: string, failures: number): Promise<void> {
  await db.query(
    `update login_throttles set failures = failures - 1,
            blocked_until = case when failures - 1 >= $2 then blocked_until end
      where key = $1 and expires_at > now() and failures > 0`,
    [key, failures],
  );
}

/** Deletes counters past their memory or window. */
export async function deleteExpiredCounters(db: Queryable): Promise<void> {
  await db.query('delete from login_throttles where expires_at <= now()');
}
