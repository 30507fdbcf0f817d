/**
 * The in-house feed's deterministic model (docs/betting.md "The in-house feed"): the schedule and
 * every event's timeline as pure functions of (seed, options, time). No timers, no state that
 * matters: two models with the same seed and options give the same fixtures and the same messages
 * with the same seq, whenever and however often they are asked. Timelines are memoised per event
 * (a bounded cache), the days' schedules per day.
 */
import type { EventSnapshot, FeedMessage, Fixture } from '../shared/sports/feed.ts';
import { DAY, dayFixtures, dayOf, parseEventId, type ScheduledEvent } from './schedule.ts';
import { EventTimeline, type TimelineConfig } from './timeline.ts';

/** The model's knobs; every one has a default (FEED_MODEL_DEFAULTS). */
export interface FeedModelOptions {
  /** Everything random follows from it (default `orbita`: the same events on every start). */
  seed?: string;
  /** The book's margin in basis points (600 = 6 %), applied by the power method (pricing.ts). */
  marginBps?: number;
  /** How long betting stays stopped after a goal before the markets reopen (8 s). */
  goalStopMs?: number;
  /** The interval of live odds changes (10 s, real time). */
  liveIntervalMs?: number;
  /** The interval of pre-match odds changes (15 minutes). */
  preIntervalMs?: number;
  /** How many days ahead fixtures are published (3: a day's matches appear at 00:00 UTC three days before). */
  daysAhead?: number;
  /** From the end of play to the settlement and the close (30 s). */
  settleDelayMs?: number;
  /** Match time per real time (1; 60 plays a football match in about two minutes). */
  speed?: number;
}

/** The defaults: the same events and prices on every start of an unconfigured feed. */
export const FEED_MODEL_DEFAULTS: Required<FeedModelOptions> = {
  seed: 'orbita',
  marginBps: 600,
  goalStopMs: 8_000,
  liveIntervalMs: 10_000,
  preIntervalMs: 15 * 60_000,
  daysAhead: 3,
  settleDelayMs: 30_000,
  speed: 1,
};

/** No event lasts longer than this from kick-off to close (a long tennis or CS2 match, at speed 1). */
export const LONGEST_EVENT_MS = 6 * 3_600_000;
/** Fixtures are listed back this far at most. */
const HISTORY_DAYS = 2;
const CACHED_EVENTS = 4_000;
const CACHED_DAYS = 32;

/**
 * The schedule and every event's messages for one seed and set of options: `fixtures`,
 * `messagesUntil`, `lastSeq` and `snapshot` are pure functions of their arguments (memoised).
 */
export class FeedModel {
  readonly options: Readonly<Required<FeedModelOptions>>;
  readonly #config: TimelineConfig;
  readonly #days = new Map<number, ScheduledEvent[]>();
  readonly #events = new Map<string, EventTimeline>();

  constructor(options: FeedModelOptions = {}) {
    // Only the model's own keys (a caller may pass a larger options object, its secret included).
    const merged = { ...FEED_MODEL_DEFAULTS };
    for (const key of Object.keys(FEED_MODEL_DEFAULTS) as (keyof FeedModelOptions)[])
      if (options[key] !== undefined) Object.assign(merged, { [key]: options[key] });
    // Whole milliseconds, so every message's time is one.
    for (const key of ['goalStopMs', 'liveIntervalMs', 'preIntervalMs', 'settleDelayMs'] as const)
      merged[key] = Math.round(merged[key]);
    if (!(merged.liveIntervalMs >= 100)) throw new RangeError('liveIntervalMs must be at least 100');
    if (!(merged.preIntervalMs >= 1_000)) throw new RangeError('preIntervalMs must be at least 1000');
    if (!(merged.speed > 0)) throw new RangeError('speed must be positive');
    if (!(merged.goalStopMs >= 0 && merged.settleDelayMs >= 0))
      throw new RangeError('goalStopMs and settleDelayMs must be ≥ 0');
    if (!(merged.marginBps >= 0 && merged.marginBps < 5_000))
      throw new RangeError('marginBps must be in [0, 5000)');
    if (!(Number.isInteger(merged.daysAhead) && merged.daysAhead >= 0))
      throw new RangeError('daysAhead must be ≥ 0');
    this.options = merged;
    this.#config = {
      seed: merged.seed,
      marginBps: merged.marginBps,
      goalStopMs: merged.goalStopMs,
      liveIntervalMs: merged.liveIntervalMs,
      preIntervalMs: merged.preIntervalMs,
      settleDelayMs: merged.settleDelayMs,
      speed: merged.speed,
    };
  }

  #day(day: number): ScheduledEvent[] {
    let events = this.#days.get(day);
    if (!events) {
      events = dayFixtures(this.options.seed, day, this.options.daysAhead);
      this.#days.set(day, events);
      if (this.#days.size > CACHED_DAYS) this.#days.delete(this.#days.keys().next().value!);
    }
    return events;
  }

  /** The event's timeline (memoised, least recently used dropped first). */
  timeline(event: ScheduledEvent | Fixture | string): EventTimeline {
    const id = typeof event === 'string' ? event : 'fixture' in event ? event.fixture.id : event.id;
    let timeline = this.#events.get(id);
    if (timeline) {
      this.#events.delete(id);
    } else {
      const scheduled = typeof event === 'object' && 'fixture' in event ? event : this.#find(id);
      if (!scheduled) throw new Error(`Unknown event ${id}`);
      timeline = new EventTimeline(scheduled, this.#config);
      if (this.#events.size >= CACHED_EVENTS) this.#events.delete(this.#events.keys().next().value!);
    }
    this.#events.set(id, timeline);
    return timeline;
  }

  #find(id: string): ScheduledEvent | undefined {
    const where = parseEventId(id);
    return where ? this.#day(where.day)[where.slot] : undefined;
  }

  /** The fixture of an event id, if the feed has published it by `now`. */
  fixture(id: string, now: number): Fixture | undefined {
    const event = this.#find(id);
    return event && event.publishedAt <= now ? event.fixture : undefined;
  }

  /**
   * The published events scheduled in [from, to] (no more than two days back), with those live at
   * `now` (kicked off, play not over), by kick-off.
   */
  fixtures(from: number, to: number, now: number): Fixture[] {
    const found = new Map<string, Fixture>();
    for (const event of this.events(Math.max(from, now - HISTORY_DAYS * DAY), to, now))
      found.set(event.fixture.id, event.fixture);
    for (const event of this.events(now - LONGEST_EVENT_MS, now, now))
      if (!found.has(event.fixture.id) && this.timeline(event).endsAt > now)
        found.set(event.fixture.id, event.fixture);
    return [...found.values()].sort((a, b) => a.scheduled - b.scheduled || a.id.localeCompare(b.id));
  }

  /** The published events scheduled in [from, to], by day and slot. */
  events(from: number, to: number, now: number): ScheduledEvent[] {
    const out: ScheduledEvent[] = [];
    const last = Math.min(dayOf(to), dayOf(now) + this.options.daysAhead);
    for (let day = dayOf(from); day <= last; day++)
      for (const event of this.#day(day))
        if (event.fixture.scheduled >= from && event.fixture.scheduled <= to && event.publishedAt <= now)
          out.push(event);
    return out;
  }

  /** The seq of the event's last message published by `now` (0 before any). */
  lastSeq(fixture: Fixture | string, now: number): number {
    return this.timeline(fixture).lastSeq(now);
  }

  /** The event's messages with seq > afterSeq published by `now`, in order. */
  messagesUntil(fixture: Fixture | string, afterSeq: number, now: number): FeedMessage[] {
    return this.timeline(fixture).messagesUntil(afterSeq, now);
  }

  /** The event as of its last message published by `now` (the recovery answer). */
  snapshot(fixture: Fixture | string, now: number): EventSnapshot {
    return this.timeline(fixture).snapshot(now);
  }
}
