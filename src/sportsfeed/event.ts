/**
 * What each sport's model gives the timeline (timeline.ts) about one event: the markets it offers
 * for its whole life, its pre-match prices, and its match played out in advance — how long it lasts,
 * its dangerous moments, its status and prices at any moment. Each model draws everything from its
 * event's own random streams when it is built, so all of this is a pure function of (seed, fixture).
 *
 * Offsets are real milliseconds after kick-off (a `speed` above 1 shortens the match itself, not
 * the feed's intervals).
 */
import type { FeedMarket, SportEventStatus } from '../shared/sports/feed.ts';
import type { Rng } from './random.ts';

/** A market of an event: its catalogue id and its line. */
export interface MarketKey {
  id: number;
  specifiers: string;
}

/**
 * A pre-match drift: two standard-normal-sized shifts of the model's parameters (`a` moves the
 * balance between the sides, `b` the amount of scoring), so pre-match odds move a little over the
 * days before kick-off.
 */
export interface Drift {
  a: number;
  b: number;
}

/** What a sport's model is built from. */
export interface EventContext {
  /** The event's random stream named `stream` (independent streams per purpose). */
  rng(stream: string): Rng;
  homeRating: number;
  awayRating: number;
  /** The competition's scoring level (catalogue.ts). */
  level: number;
  marginBps: number;
  /** Match time per real time: 1 plays in real time, 60 a football match in under two minutes. */
  speed: number;
}

/** One event of a sport, played out in advance (see the file's comment). */
export interface SportEvent {
  /** The markets offered, fixed for the event's whole life (so each one is settled at the end). */
  markets: readonly MarketKey[];
  /** The prices before kick-off, the model's parameters shifted by `drift`. */
  preMarkets(drift: Drift): FeedMarket[];
  /** From kick-off to the end of play. */
  durationMs: number;
  /** Moments betting stops at once (football goals), ascending, within the duration. */
  dangers: readonly number[];
  /** Moments worth their own odds change (a half, a quarter or a map starting or ending), ascending. */
  changes: readonly number[];
  /** The live status at an offset in [0, duration). */
  statusAt(offset: number): SportEventStatus;
  /** The live prices at an offset in [0, duration). */
  marketsAt(offset: number): FeedMarket[];
  /** The status once play is over (`ended`), with the final score. */
  final: SportEventStatus;
}

/** A minute in ms (match clocks count in minutes). */
export const MINUTE = 60_000;

/** The last index of a sorted list of times at or before `t` (−1 when none). */
export function lastAtOrBefore(times: ArrayLike<number>, t: number): number {
  let low = 0;
  let high = times.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (times[mid]! <= t) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}
