import type { TournamentStatus } from '../../shared/api/tournaments.ts';

/**
 * A tournament's time in words: how long until it ends or starts, or that it is over. Pure and
 * without imports of code, so the pages' countdown script (src/components/tournaments/
 * Countdown.astro) ships only this.
 */

/** A translate function: a string for a key and its values (the server's `getT`, an island's `t`). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A span of time in two units at most, rounded down: "2 d 5 h", "3 h 12 min", "12 min"; under a
 * minute, "less than a minute". Rounding down never promises more time than is left.
 */
export function durationText(ms: number, t: Translate): string {
  if (ms < MINUTE) return t('tournaments.time.lessThanMinute');
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  if (days > 0)
    return hours > 0
      ? `${t('tournaments.time.days', { n: days })} ${t('tournaments.time.hours', { n: hours })}`
      : t('tournaments.time.days', { n: days });
  if (hours > 0)
    return minutes > 0
      ? `${t('tournaments.time.hours', { n: hours })} ${t('tournaments.time.minutes', { n: minutes })}`
      : t('tournaments.time.hours', { n: hours });
  return t('tournaments.time.minutes', { n: minutes });
}

/**
 * Where a tournament stands in time: counting down to its end or its start, over, cancelled; or
 * past its end while the server settles it (the status still says active).
 */
export type Timing =
  | { key: 'endsIn' | 'startsIn'; ms: number }
  | { key: 'ended' | 'cancelled' | 'settling' | 'starting' };

export function timing(
  t: { status: TournamentStatus; starts_at: string; ends_at: string },
  now: number,
): Timing {
  if (t.status === 'cancelled') return { key: 'cancelled' };
  if (t.status === 'finished') return { key: 'ended' };
  if (t.status === 'upcoming') {
    const ms = Date.parse(t.starts_at) - now;
    return ms > 0 ? { key: 'startsIn', ms } : { key: 'starting' };
  }
  const ms = Date.parse(t.ends_at) - now;
  return ms > 0 ? { key: 'endsIn', ms } : { key: 'settling' };
}

/** The timing in words: "Ends in 3 h 12 min", "Starts in 2 d", "Ended 12 Nov 2026". */
export function timingText(timed: Timing, t: Translate, endedOn: string): string {
  if (timed.key === 'endsIn' || timed.key === 'startsIn')
    return t(`tournaments.time.${timed.key}`, { time: durationText(timed.ms, t) });
  if (timed.key === 'ended') return t('tournaments.time.ended', { date: endedOn });
  return t(`tournaments.time.${timed.key}`);
}
