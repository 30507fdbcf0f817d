import { createHash, createHmac } from 'node:crypto';
import { expect } from 'vitest';
import { elapsedForMultiplier } from '../../src/games/crash/engine.ts';
import type { Queryable } from '../../src/server/db/client.ts';
import type { CrashState } from '../../src/shared/api/crash.ts';

/**
 * Crash rounds under a test's control, through the stored state the driver reads (docs/fairness.md
 * "Several instances"): a betting round is held open while bets are placed, its crash point set,
 * then released. The crash point is recomputed here from docs/fairness.md §4 alone.
 */

/** The crash point (hundredths) of a game hash under a salt, from docs/fairness.md §4 alone. */
export function independentCrashPoint(hash: string, salt: string): number {
  const hmac = createHmac('sha256', Buffer.from(hash, 'utf8')).update(salt, 'utf8').digest('hex');
  const int = Number.parseInt(hmac.slice(0, 8), 16);
  return Math.max(100, Math.floor((2 ** 32 / (int + 1)) * 0.99 * 100));
}

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Answers the game's state from `GET /api/games/crash` (given a way to fetch it). */
export type StateOf = () => Promise<CrashState>;

/** Waits until `predicate` holds of the state and answers that state. */
export async function waitForState(
  stateOf: StateOf,
  predicate: (state: CrashState) => boolean | Promise<boolean>,
  timeout = 20_000,
): Promise<CrashState> {
  let found: CrashState | undefined;
  await expect
    .poll(
      async () => {
        found = await stateOf();
        return predicate(found);
      },
      { timeout, interval: 30 },
    )
    .toBe(true);
  return found!;
}

/**
 * Holds the next betting round open (deadline an hour away) and answers its id; with
 * `crashPoint` (hundredths) its crash point is replaced, for a flight of known length.
 */
export async function holdBetting(
  stateOf: StateOf,
  db: Queryable,
  crashPoint?: number,
  manipulated?: Set<number>,
): Promise<number> {
  const state = await waitForState(stateOf, async (s) => {
    if (s.round?.status === 'betting' && (s.round.betting_ends_at ?? 0) - s.server_time > 150) return true;
    // A flight of a long natural crash point ends at once (its crash point no longer its hash's).
    const hurried = await db.query<{ id: number }>(
      `update crash_rounds set crash_point = 101 where status = 'flight' and crash_point > 101 returning id::int as id`,
    );
    for (const { id } of hurried) manipulated?.add(id);
    return false;
  });
  const id = state.round!.id;
  const held = await db.query(
    `update crash_rounds set betting_ends_at = now() + interval '1 hour' where id = $1 and status = 'betting' returning id`,
    [id],
  );
  if (held.length === 0) return holdBetting(stateOf, db, crashPoint, manipulated);
  if (crashPoint !== undefined) {
    await db.query('update crash_rounds set crash_point = $2 where id = $1', [id, crashPoint]);
    manipulated?.add(id);
  }
  return id;
}

/** Ends a held round's betting now: the driver takes off within a moment. */
export async function release(db: Queryable, id: number): Promise<void> {
  await db.query(`update crash_rounds set betting_ends_at = now() where id = $1`, [id]);
}

/** Waits until round `id` is in flight (or past it) and answers the state then. */
export const inFlight = (stateOf: StateOf, id: number) =>
  waitForState(
    stateOf,
    (s) => (s.round?.id ?? 0) > id || (s.round?.id === id && s.round.status !== 'betting'),
  );

/**
 * Waits until round `id`'s flight shows `hundredths` on the server's clock (its state's
 * `server_time` from its `started_at`) and answers the state then.
 */
export const flownTo = (stateOf: StateOf, id: number, hundredths: number, timeout?: number) =>
  waitForState(
    stateOf,
    (s) =>
      s.round?.id === id &&
      s.round.started_at !== null &&
      s.server_time - s.round.started_at >= elapsedForMultiplier(hundredths),
    timeout,
  );

/** Waits until round `id` crashed. */
export const crashed = (stateOf: StateOf, id: number, timeout?: number) =>
  waitForState(stateOf, (s) => s.history.some((h) => h.id === id), timeout);
