import type { Queryable } from '../../db/client.ts';

/** Fixed-window event counters (rate_limits): one row per key, its window and its count. */

/** Events counted under `key` in its current window, and the seconds the window still lasts. */
export async function windowOf(
  db: Queryable,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; secondsLeft: number } | undefined> {
  const [row] = await db.query<{ count: number; left: string }>(
    `select count, extract(epoch from (window_start + make_interval(secs => $2) - now()))::int as left
       from rate_limits where key = $1`,
    [key, windowSeconds],
  );
  return row && { count: row.count, secondsLeft: Number(row.left) };
}

/**
 * Counts one event under `key` (atomically, concurrent callers included); a new window starts when
 * the last one ended. Answers the window's count with this event and the seconds it still lasts.
 */
export async function countEvent(
  db: Queryable,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; secondsLeft: number }> {
  const [row] = await db.query<{ count: number; left: string }>(
    `insert into rate_limits (key, window_start, count) values ($1, now(), 1)
     on conflict (key) do update set
       count = case when rate_limits.window_start + make_interval(secs => $2) <= now() then 1 else rate_limits.count + 1 end,
       window_start = case when rate_limits.window_start + make_interval(secs => $2) <= now() then now() else rate_limits.window_start end
     returning count, extract(epoch from (window_start + make_interval(secs => $2) - now()))::int as left`,
    [key, windowSeconds],
  );
  return { count: row!.count, secondsLeft: Number(row!.left) };
}
