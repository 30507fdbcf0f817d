import { type Election, elect, type LeaderLog, sleep } from '../../realtime/leader.ts';
import { drawRound } from './draw.ts';
import { dueRounds, msToNextDraw } from './repository.ts';
import type { RoomsDeps } from './state.ts';

/**
 * The rooms driver (docs/fairness.md "Several instances"): exactly one instance at a time draws
 * the rounds whose countdown is over, the one holding the PostgreSQL advisory lock
 * `ROOMS_LEADER_LOCK` (`elect`, src/server/realtime/leader.ts). Every instance takes joins, so a
 * countdown may start anywhere; the deadline is stored with the round, on the database clock, and
 * the leader reads it from there. When the leader dies, the next one finds the same rounds in the
 * database and draws them (late, never twice: `drawRound`).
 */

/** The advisory lock key of the rooms driver (the crash driver has its own). */
export const ROOMS_LEADER_LOCK = 7_240_517;

/** How long the leader sleeps at most between two looks at the countdowns. */
const POLL_MS = 250;

/** The leader's loop: draw what is due, then sleep until the next deadline (at most POLL_MS). */
async function drive(deps: RoomsDeps, log: LeaderLog, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    let wait = POLL_MS;
    try {
      for (const roundId of await dueRounds(deps.database)) {
        if (signal.aborted) return;
        await drawRound(deps, roundId);
      }
      const next = await msToNextDraw(deps.database);
      // A little after the deadline, so the database clock has passed it too.
      if (next !== null) wait = Math.max(5, Math.min(POLL_MS, Math.ceil(next) + 5));
    } catch (err) {
      if (signal.aborted) return;
      log.error({ err, election: 'rooms' }, 'rooms driver: a draw failed; trying again');
    }
    await sleep(wait, signal);
  }
}

/** Starts this instance's candidacy for driving the rooms; `stop()` ends it. */
export function startRoomsDriver(deps: RoomsDeps, log: LeaderLog, { retryMs = 1_000 } = {}): Election {
  return elect(deps.database, ROOMS_LEADER_LOCK, (signal) => drive(deps, log, signal), {
    name: 'rooms',
    retryMs,
    log,
  });
}
