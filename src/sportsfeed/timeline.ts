/**
 * One event's whole life as the feed publishes it (docs/betting.md "The in-house feed"): the
 * ordered list of its messages, each with its time, fixed by (seed, fixture, options) alone. `seq`
 * is a message's place in that list (from 1), so a restarted feed, or a second instance, gives every
 * message the same seq and the same content.
 *
 * 1. `fixture_change` (`new`) when the day is published;
 * 2. pre-match `odds_change` at publication, then every `preIntervalMs` (each event at its own phase
 *    within the interval) until kick-off, the model's parameters drifting a little: an opening error
 *    that fades out by kick-off plus small noise at each step;
 * 3. from kick-off, product `live`: an `odds_change` at kick-off (status `live`), at every period
 *    boundary and every `liveIntervalMs`, with the score, the period and the prices; a dangerous
 *    moment (a goal) sends `bet_stop` at once and nothing more until `goalStopMs` later, when an
 *    `odds_change` reopens the markets with the new prices (a second goal meanwhile extends the stop);
 * 4. the end of play: an `odds_change` with status `ended`, every market deactivated (status 0);
 * 5. `settleDelayMs` later: one `bet_settlement` (certainty 2) with every market, then an
 *    `odds_change` with status `closed` and no markets.
 *
 * The pre-match part is arithmetic (no list is kept); the live part is built once, on first need,
 * as two arrays (time, kind); a message's content is computed when asked for.
 */
import type {
  BetSettlement,
  EventSnapshot,
  FeedMarket,
  FeedMessage,
  SportEventStatus,
} from '../shared/sports/feed.ts';
import { basketballEvent } from './basketball.ts';
import { esportsEvent } from './esports.ts';
import type { Drift, EventContext, SportEvent } from './event.ts';
import { lastAtOrBefore } from './event.ts';
import { footballEvent } from './football.ts';
import { Rng } from './random.ts';
import { settleMarket } from './results.ts';
import type { ScheduledEvent } from './schedule.ts';
import { tennisEvent } from './tennis.ts';

/** What a timeline is made with (FeedModel's resolved options). */
export interface TimelineConfig {
  seed: string;
  marginBps: number;
  goalStopMs: number;
  liveIntervalMs: number;
  preIntervalMs: number;
  settleDelayMs: number;
  speed: number;
}

const ODDS = 0;
const STOP = 1;
const END = 2;
const SETTLE = 3;
const CLOSE = 4;
type Kind = typeof ODDS | typeof STOP | typeof END | typeof SETTLE | typeof CLOSE;

interface Live {
  sport: SportEvent;
  times: number[];
  kinds: Kind[];
}

const NOT_STARTED: SportEventStatus = { status: 'not_started', home_score: 0, away_score: 0 };

/** The sport model of an event. */
function sportEvent(event: ScheduledEvent, config: TimelineConfig): SportEvent {
  const ctx: EventContext = {
    rng: (stream) => new Rng(config.seed, event.fixture.id, stream),
    homeRating: event.homeRating,
    awayRating: event.awayRating,
    level: event.competition.level,
    marginBps: config.marginBps,
    speed: config.speed,
  };
  switch (event.fixture.sport) {
    case 'football':
      return footballEvent(ctx);
    case 'tennis':
      return tennisEvent(ctx);
    case 'basketball':
      return basketballEvent(ctx);
    case 'esports':
      return esportsEvent(ctx);
  }
}

/** The ordered messages of one event; see the file's comment. */
export class EventTimeline {
  readonly event: ScheduledEvent;
  readonly #config: TimelineConfig;
  readonly #scheduled: number;
  /** Pre-match odds changes: the first at publication, the others at phase + k × interval. */
  readonly #preCount: number;
  readonly #prePhase: number;
  #sport: SportEvent | undefined;
  #live: Live | undefined;
  #opening: Drift | undefined;

  constructor(event: ScheduledEvent, config: TimelineConfig) {
    this.event = event;
    this.#config = config;
    this.#scheduled = event.fixture.scheduled;
    const interval = config.preIntervalMs;
    this.#prePhase = 1 + new Rng(config.seed, event.fixture.id, 'phase').int(interval - 1);
    const span = this.#scheduled - event.publishedAt - this.#prePhase;
    this.#preCount = 1 + (span > 0 ? Math.ceil(span / interval) : 0);
  }

  get sport(): SportEvent {
    this.#sport ??= sportEvent(this.event, this.#config);
    return this.#sport;
  }

  /** The live part, built on first need. */
  get #livePart(): Live {
    this.#live ??= this.#buildLive();
    return this.#live;
  }

  /** When play ends (the `ended` odds change). */
  get endsAt(): number {
    return this.#scheduled + this.sport.durationMs;
  }

  /** When the event is settled and closed (its last messages). */
  get closesAt(): number {
    return this.endsAt + this.#config.settleDelayMs;
  }

  /** How many messages the event has in all. */
  get length(): number {
    return 1 + this.#preCount + this.#livePart.times.length;
  }

  /** The time of message `seq` (1-based). */
  timeOf(seq: number): number {
    const i = seq - 1;
    if (i <= 0) return this.event.publishedAt;
    if (i <= this.#preCount) return this.#preTime(i - 1);
    return this.#livePart.times[i - 1 - this.#preCount]!;
  }

  #preTime(k: number): number {
    if (k === 0) return this.event.publishedAt;
    return this.event.publishedAt + this.#prePhase + (k - 1) * this.#config.preIntervalMs;
  }

  /** The seq of the last message published at or before `now` (0 before publication). */
  lastSeq(now: number): number {
    if (now < this.event.publishedAt) return 0;
    if (now < this.#scheduled) {
      const since = now - this.event.publishedAt - this.#prePhase;
      const later = since < 0 ? 0 : Math.floor(since / this.#config.preIntervalMs) + 1;
      return 2 + Math.min(this.#preCount - 1, later);
    }
    return 1 + this.#preCount + lastAtOrBefore(this.#livePart.times, now) + 1;
  }

  /** The messages with seq in (afterSeq, lastSeq(now)], in order. */
  messagesUntil(afterSeq: number, now: number): FeedMessage[] {
    const last = this.lastSeq(now);
    const out: FeedMessage[] = [];
    for (let seq = Math.max(0, Math.floor(afterSeq)) + 1; seq <= last; seq++) out.push(this.message(seq));
    return out;
  }

  /** Message `seq` (1 ≤ seq ≤ length). */
  message(seq: number): FeedMessage {
    const i = seq - 1;
    const id = this.event.fixture.id;
    const header = { event_id: id, seq, timestamp: this.timeOf(seq) };
    if (i === 0)
      return {
        type: 'fixture_change',
        ...header,
        product: 'pre',
        change_type: 'new',
        start_time: this.#scheduled,
      };
    if (i <= this.#preCount)
      return {
        type: 'odds_change',
        ...header,
        product: 'pre',
        sport_event_status: NOT_STARTED,
        markets: this.sport.preMarkets(this.#drift(i - 1)),
      };
    const live = this.#livePart;
    const kind = live.kinds[i - 1 - this.#preCount];
    if (kind === undefined) throw new RangeError(`No message ${seq} for ${id}`);
    const offset = header.timestamp - this.#scheduled;
    switch (kind) {
      case ODDS:
        return {
          type: 'odds_change',
          ...header,
          product: 'live',
          sport_event_status: this.sport.statusAt(offset),
          markets: this.sport.marketsAt(offset),
        };
      case STOP:
        return {
          type: 'bet_stop',
          ...header,
          product: 'live',
          groups: ['all'],
          market_status: -1,
          betstop_reason: 'goal',
        };
      case END:
        return {
          type: 'odds_change',
          ...header,
          product: 'live',
          sport_event_status: this.sport.final,
          markets: this.#deactivated(),
        };
      case SETTLE:
        return {
          type: 'bet_settlement',
          ...header,
          product: 'live',
          certainty: 2,
          markets: this.settlements(),
        };
      case CLOSE:
        return {
          type: 'odds_change',
          ...header,
          product: 'live',
          sport_event_status: { ...this.sport.final, status: 'closed' },
          markets: [],
        };
    }
  }

  /** Every market settled on the final score. */
  settlements(): BetSettlement['markets'] {
    const { sport } = this;
    return sport.markets.map(({ id, specifiers }) => ({
      id,
      specifiers,
      outcomes: settleMarket(this.event.fixture.sport, id, specifiers, sport.final),
    }));
  }

  #deactivated(): FeedMarket[] {
    return this.sport.markets.map(({ id, specifiers }) => ({ id, specifiers, status: 0 }));
  }

  /** The event now, as of its last published message (a recovery). */
  snapshot(now: number): EventSnapshot {
    const seq = this.lastSeq(now);
    const base = { fixture: this.event.fixture, seq, settlements: [], cancels: [] };
    if (seq === 0) return { ...base, timestamp: 0, sport_event_status: NOT_STARTED, markets: [] };
    const timestamp = this.timeOf(seq);
    let message = this.message(seq);
    if (message.type === 'fixture_change')
      return { ...base, timestamp, sport_event_status: NOT_STARTED, markets: [] };
    if (message.type === 'bet_settlement' || (message.type === 'odds_change' && message.markets.length === 0))
      return {
        ...base,
        timestamp,
        sport_event_status: message.type === 'odds_change' ? message.sport_event_status! : this.sport.final,
        markets: this.#deactivated(),
        settlements: this.settlements(),
      };
    let stopped = false;
    for (let back = seq; message.type === 'bet_stop'; message = this.message(--back)) stopped = true;
    if (message.type !== 'odds_change') throw new Error(`Unexpected ${message.type} before a bet_stop`);
    const markets = stopped
      ? message.markets.map((m) => ({
          ...m,
          status: m.status === 1 ? (-1 as const) : m.status,
          outcomes: m.outcomes?.map((o) => ({ ...o, active: false })),
        }))
      : message.markets;
    return { ...base, timestamp, sport_event_status: message.sport_event_status ?? NOT_STARTED, markets };
  }

  /** The drift of pre-match message k: the opening error fading out by kick-off, plus noise. */
  #drift(k: number): Drift {
    if (!this.#opening) {
      const rng = new Rng(this.#config.seed, this.event.fixture.id, 'opening');
      this.#opening = { a: rng.normal(), b: rng.normal() };
    }
    const span = this.#scheduled - this.event.publishedAt;
    const fade = span > 0 ? 1 - (this.#preTime(k) - this.event.publishedAt) / span : 0;
    const noise = new Rng(this.#config.seed, this.event.fixture.id, 'drift', k);
    return {
      a: this.#opening.a * fade + 0.35 * noise.normal(),
      b: this.#opening.b * fade + 0.35 * noise.normal(),
    };
  }

  #buildLive(): Live {
    const { sport } = this;
    const start = this.#scheduled;
    const end = start + sport.durationMs;
    const { liveIntervalMs, goalStopMs } = this.#config;
    // Candidate moments: 0 stop, 1 a change (kick-off, a period), 2 a regular update.
    const points: [number, 0 | 1 | 2][] = [[start, 1]];
    for (let t = start + liveIntervalMs; t < end; t += liveIntervalMs) points.push([t, 2]);
    for (const change of sport.changes)
      if (change > 0 && start + change < end) points.push([start + change, 1]);
    for (const danger of sport.dangers) if (start + danger < end) points.push([start + danger, 0]);
    points.sort((a, b) => a[0] - b[0] || a[1] - b[1]);

    const times: number[] = [];
    const kinds: Kind[] = [];
    let lastOdds = -1;
    const odds = (t: number) => {
      if (t === lastOdds) return;
      times.push(t);
      kinds.push(ODDS);
      lastOdds = t;
    };
    let reopenAt: number | undefined;
    for (const [t, what] of points) {
      if (reopenAt !== undefined && (reopenAt < t || (reopenAt === t && what !== 0))) {
        odds(reopenAt);
        reopenAt = undefined;
      }
      if (what === 0) {
        if (reopenAt === undefined) {
          times.push(t);
          kinds.push(STOP);
        }
        reopenAt = t + goalStopMs;
        continue;
      }
      if (reopenAt === undefined) odds(t);
    }
    if (reopenAt !== undefined && reopenAt < end) odds(reopenAt);
    times.push(end, end + this.#config.settleDelayMs, end + this.#config.settleDelayMs);
    kinds.push(END, SETTLE, CLOSE);
    return { sport, times, kinds };
  }
}
