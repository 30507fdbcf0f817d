/**
 * When the reality checks of a login session fall due (docs/responsible-gambling.md): the n-th at
 * the session's start plus n intervals, counted on the browser's clock. What the player has
 * answered is kept per session and interval, so a check that fell due while they moved between
 * pages is shown on the next one, and a check answered in one tab is not asked again in another.
 */

const MINUTE = 60_000;

/** How many checks have fallen due by `now`. */
export function checksDue(startedAt: number, intervalMinutes: number, now: number): number {
  if (!(intervalMinutes > 0) || now <= startedAt) return 0;
  return Math.floor((now - startedAt) / (intervalMinutes * MINUTE));
}

/** What the storage holds: the interval and the last check answered under it ("5:3"). */
export function readAnswered(stored: string | null, intervalMinutes: number): number | null {
  const match = /^(\d+):(\d+)$/.exec(stored ?? '');
  if (!match || Number(match[1]) !== intervalMinutes) return null;
  return Number(match[2]);
}

export const writeAnswered = (intervalMinutes: number, answered: number) => `${intervalMinutes}:${answered}`;

export interface RealityPlan {
  /** The last check answered: a new interval (or a first look) counts every check until now as answered. */
  answered: number;
  /** The check to show at once (one fell due unanswered), or null. */
  showNow: number | null;
  /** When the next one falls due. */
  nextAt: number;
}

export function realityPlan(input: {
  startedAt: number;
  intervalMinutes: number;
  now: number;
  stored: string | null;
}): RealityPlan {
  const due = checksDue(input.startedAt, input.intervalMinutes, input.now);
  const answered = readAnswered(input.stored, input.intervalMinutes) ?? due;
  return {
    answered,
    showNow: due > answered ? due : null,
    nextAt: input.startedAt + (Math.max(due, answered) + 1) * input.intervalMinutes * MINUTE,
  };
}

/** The longest wait a browser timer takes (about 24.8 days); longer ones are re-armed. */
export const MAX_TIMER_MS = 2 ** 31 - 1;
