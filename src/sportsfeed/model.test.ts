import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  eventSnapshot,
  type FeedMessage,
  type Fixture,
  feedMessage,
  fixturesResponse,
  type OddsChange,
  type Sport,
} from '../shared/sports/feed.ts';
import { COMPETITIONS } from './catalogue.ts';
import { FeedModel } from './model.ts';
import { settleFootballMarket, settleMarket } from './results.ts';
import { DAY, dayOf } from './schedule.ts';

const NOW = Date.UTC(2026, 5, 20, 15, 40);
const HOUR = 3_600_000;
const model = new FeedModel({ seed: 'test' });
const upcoming = model.fixtures(NOW, NOW + 3 * DAY, NOW);

/** The first fixture of a sport kicking off after `from`. */
const next = (sport: Sport, from = NOW) => upcoming.find((f) => f.sport === sport && f.scheduled > from)!;
const isOdds = (m: FeedMessage): m is OddsChange => m.type === 'odds_change';
const keyOf = (m: { id: number; specifiers: string }) => `${m.id}|${m.specifiers}`;

const wholes = new Map<string, FeedMessage[]>();
/** Every message of an event, from publication to close (kept: several tests read the same event). */
function whole(fixture: Fixture): FeedMessage[] {
  let messages = wholes.get(fixture.id);
  if (!messages) {
    messages = model.messagesUntil(fixture, 0, model.timeline(fixture).closesAt);
    wholes.set(fixture.id, messages);
  }
  return messages;
}
/** The first football match kicking off after NOW with at least `goals` goals. */
const withGoals = (goals: number) =>
  upcoming.find(
    (f) => f.sport === 'football' && f.scheduled > NOW && model.timeline(f).sport.dangers.length >= goals,
  )!;

describe('schedule', () => {
  test('fixtures for the next days, every sport, ids stable and valid', () => {
    fixturesResponse.parse({ fixtures: upcoming });
    expect(new Set(upcoming.map((f) => f.sport))).toEqual(
      new Set(['football', 'tennis', 'basketball', 'esports']),
    );
    expect(new Set(upcoming.map((f) => f.id)).size).toBe(upcoming.length);
    for (const f of upcoming) {
      expect(f.id).toMatch(/^od:match:\d+$/);
      expect(model.fixture(f.id, NOW)).toEqual(f);
    }
    // Published three days ahead, not further.
    const last = Math.max(...upcoming.map((f) => f.scheduled));
    expect(dayOf(last)).toBe(dayOf(NOW) + 3);
    expect(model.fixtures(NOW + 4 * DAY, NOW + 5 * DAY, NOW).filter((f) => f.scheduled > NOW)).toEqual([]);
    expect(model.fixture(`od:match:${(dayOf(NOW) + 4) * 1000}`, NOW)).toBeUndefined();
    expect(model.fixture('od:match:nope', NOW)).toBeUndefined();
    // Another instance, another time of asking: the same events.
    const again = new FeedModel({ seed: 'test' });
    expect(again.fixtures(NOW, NOW + 3 * DAY, NOW + 2 * HOUR).filter((f) => f.scheduled >= NOW)).toEqual(
      upcoming.filter((f) => f.scheduled >= NOW),
    );
    // Another seed, other pairings.
    const other = new FeedModel({ seed: 'other' }).fixtures(NOW, NOW + DAY, NOW);
    expect(other.map((f) => f.home.id)).not.toEqual(upcoming.slice(0, other.length).map((f) => f.home.id));
  });

  test('names and ids of the catalogue are unique', () => {
    const competitors = COMPETITIONS.flatMap((c) => c.competitors);
    expect(new Set(competitors.map((c) => c.id)).size).toBe(competitors.length);
    expect(new Set(COMPETITIONS.map((c) => c.id)).size).toBe(COMPETITIONS.length);
    for (const c of COMPETITIONS) expect(c.competitors.length).toBeGreaterThanOrEqual(2 * c.kickoffs.length);
  });

  test('at every moment of two days at least three events are live', () => {
    let fewest = Number.POSITIVE_INFINITY;
    for (let t = NOW; t < NOW + 2 * DAY; t += 10 * 60_000) {
      const live = model.fixtures(t, t, t).filter((f) => f.scheduled <= t && model.timeline(f).endsAt > t);
      fewest = Math.min(fewest, live.length);
    }
    expect(fewest).toBeGreaterThanOrEqual(3);
    // The fixtures call lists the live ones whatever the window.
    const live = model.fixtures(NOW + HOUR, NOW + 2 * HOUR, NOW).filter((f) => f.scheduled <= NOW);
    expect(live.length).toBeGreaterThanOrEqual(3);
  });
});

describe('timelines', () => {
  test.each(['football', 'tennis', 'basketball', 'esports'] as const)(
    'a whole %s event: valid messages in order, ending in a settlement of its final score',
    (sport) => {
      const fixture = sport === 'football' ? withGoals(2) : next(sport);
      const timeline = model.timeline(fixture);
      const messages = whole(fixture);
      expect(messages).toHaveLength(timeline.length);
      messages.forEach((m, i) => {
        const parsed = feedMessage.parse(m);
        // Nothing left for the schema to fill in (checked on a sample: deep equality is slow).
        if (i % 50 === 0 || i >= messages.length - 3) expect(parsed).toEqual(m);
        expect(m.seq).toBe(i + 1);
        expect(m.event_id).toBe(fixture.id);
        if (i > 0) expect(m.timestamp).toBeGreaterThanOrEqual(messages[i - 1]!.timestamp);
      });
      const [first, ...rest] = messages;
      expect(first).toMatchObject({
        type: 'fixture_change',
        change_type: 'new',
        start_time: fixture.scheduled,
      });
      const pre = rest.filter((m) => m.product === 'pre');
      expect(pre.length).toBeGreaterThan(100);
      expect(pre.every((m) => isOdds(m) && m.sport_event_status?.status === 'not_started')).toBe(true);
      expect(Math.max(...pre.map((m) => m.timestamp))).toBeLessThan(fixture.scheduled);
      const kickOff = messages[1 + pre.length]!;
      expect(kickOff).toMatchObject({ type: 'odds_change', product: 'live', timestamp: fixture.scheduled });
      expect((kickOff as OddsChange).sport_event_status?.status).toBe('live');

      const [ended, settlement, closed] = messages.slice(-3) as [FeedMessage, FeedMessage, FeedMessage];
      if (!isOdds(ended) || settlement.type !== 'bet_settlement' || !isOdds(closed)) throw new Error('end');
      const final = ended.sport_event_status!;
      expect(final.status).toBe('ended');
      expect(ended.markets.every((m) => m.status === 0)).toBe(true);
      expect(closed.sport_event_status!.status).toBe('closed');
      expect(closed.markets).toEqual([]);
      expect(settlement.certainty).toBe(2);
      // Every market ever priced is settled, on the final score.
      const priced = new Set(messages.filter(isOdds).flatMap((m) => m.markets.map(keyOf)));
      expect(new Set(settlement.markets.map(keyOf))).toEqual(priced);
      for (const market of settlement.markets) {
        expect(market.outcomes).toEqual(settleMarket(sport, market.id, market.specifiers, final));
        if (sport === 'football')
          expect(market.outcomes).toEqual(
            settleFootballMarket(market.id, market.specifiers, final.home_score, final.away_score),
          );
      }
      const winners = settlement.markets.find(
        (m) => m.id === (sport === 'football' ? 1 : sport === 'basketball' ? 219 : 186),
      )!;
      expect(winners.outcomes.filter((o) => o.result === 1)).toHaveLength(1);
      // The live score only grows, and the last live one is the final one (football, basketball).
      const live = messages.filter(
        (m) => isOdds(m) && m.sport_event_status?.status === 'live',
      ) as OddsChange[];
      for (let i = 1; i < live.length; i++) {
        const a = live[i - 1]!.sport_event_status!;
        const b = live[i]!.sport_event_status!;
        expect(b.home_score).toBeGreaterThanOrEqual(a.home_score);
        expect(b.away_score).toBeGreaterThanOrEqual(a.away_score);
      }
    },
  );

  test('a goal stops betting at once and reopens 8 s later with the new score', () => {
    const fixture = withGoals(2);
    const messages = whole(fixture);
    const stops = messages.filter((m) => m.type === 'bet_stop');
    expect(stops.length).toBeGreaterThanOrEqual(1);
    for (const stop of stops) {
      expect(stop).toMatchObject({ groups: ['all'], market_status: -1, betstop_reason: 'goal' });
      const before = messages
        .slice(0, stop.seq - 1)
        .filter(isOdds)
        .at(-1)!;
      const after = messages[stop.seq]!;
      if (!isOdds(after)) throw new Error(`after a stop: ${after.type}`);
      if (after.sport_event_status?.status !== 'live') continue;
      expect(after.timestamp - stop.timestamp).toBeGreaterThanOrEqual(8_000);
      const goals = (s: OddsChange) => s.sport_event_status!.home_score + s.sport_event_status!.away_score;
      expect(goals(after)).toBeGreaterThan(goals(before));
      expect(after.markets.find((m) => m.id === 1)!.status).toBe(1);
    }
    // No message falls inside a stop.
    const first = stops[0]!;
    expect(messages[first.seq]!.timestamp - first.timestamp).toBeGreaterThanOrEqual(8_000);
  });

  test('two models with the same seed give the same messages and seq', () => {
    const twin = new FeedModel({ seed: 'test' });
    for (const sport of ['football', 'tennis', 'basketball', 'esports'] as const) {
      const fixture = next(sport);
      const window = [fixture.scheduled - HOUR, fixture.scheduled + 30 * 60_000] as const;
      const from = model.lastSeq(fixture, window[0]);
      expect(twin.messagesUntil(fixture.id, from, window[1])).toEqual(
        model.messagesUntil(fixture, from, window[1]),
      );
    }
    const other = new FeedModel({ seed: 'test', marginBps: 300 });
    const fixture = next('football');
    expect(other.snapshot(fixture, fixture.scheduled + HOUR).markets).not.toEqual(
      model.snapshot(fixture, fixture.scheduled + HOUR).markets,
    );
  });

  test('messagesUntil with moving time never skips nor repeats a seq', () => {
    const fixture = next('football', NOW + 6 * HOUR);
    const timeline = model.timeline(fixture);
    let now = fixture.scheduled - 20 * 60_000;
    let seq = model.lastSeq(fixture, now);
    const start = seq;
    const steps = [1_000, 7_000, 13_000, 2_500, 61_000, 0, 9_999];
    for (let i = 0; now < timeline.closesAt + 60_000; i++) {
      now += steps[i % steps.length]!;
      const got = model.messagesUntil(fixture, seq, now);
      for (const m of got) {
        expect(m.seq).toBe(++seq);
        expect(m.timestamp).toBeLessThanOrEqual(now);
      }
      expect(model.lastSeq(fixture, now)).toBe(seq);
    }
    expect(seq).toBe(timeline.length);
    expect(start).toBeGreaterThan(300);
    expect(model.messagesUntil(fixture, seq, now + DAY)).toEqual([]);
  });

  test('pre-match odds drift, and end close to the model’s kick-off price', () => {
    const fixture = withGoals(2);
    const pre = whole(fixture).filter((m) => m.product === 'pre' && isOdds(m)) as OddsChange[];
    const home = pre.map(
      (m) => m.markets.find((x) => x.id === 1)!.outcomes!.find((o) => o.id === '1')!.odds!,
    );
    expect(new Set(home).size).toBeGreaterThan(10);
    const kickOff = model.messagesUntil(fixture, pre.length + 1, fixture.scheduled)[0] as OddsChange;
    const live = kickOff.markets.find((x) => x.id === 1)!.outcomes!.find((o) => o.id === '1')!.odds!;
    expect(Math.abs(home.at(-1)! / live - 1)).toBeLessThan(0.15);
  });

  test('snapshots: the event as of its last message, valid at every stage', () => {
    const fixture = withGoals(2);
    const timeline = model.timeline(fixture);
    const stop = whole(fixture).find((m) => m.type === 'bet_stop')!;
    const times = [
      DAY * (dayOf(fixture.scheduled) - 4),
      fixture.scheduled - HOUR,
      fixture.scheduled + 20 * 60_000,
      stop.timestamp + 1_000,
      timeline.endsAt,
      timeline.closesAt,
    ];
    const [unpublished, pre, live, stopped, ended, closed] = times.map((t) => {
      const snapshot = model.snapshot(fixture, t);
      expect(eventSnapshot.parse(snapshot)).toEqual(snapshot);
      expect(snapshot.seq).toBe(model.lastSeq(fixture, t));
      expect(snapshot.cancels).toEqual([]);
      return snapshot;
    });
    expect(unpublished!.seq).toBe(0);
    expect(pre!.sport_event_status.status).toBe('not_started');
    expect(pre!.markets.length).toBeGreaterThan(10);
    expect(live!.sport_event_status.status).toBe('live');
    expect(live!.markets.some((m) => m.status === 1)).toBe(true);
    expect(stopped!.seq).toBe(stop.seq);
    expect(stopped!.markets.every((m) => m.status !== 1 && m.outcomes!.every((o) => !o.active))).toBe(true);
    expect(ended!.sport_event_status.status).toBe('ended');
    expect(ended!.settlements).toEqual([]);
    expect(closed!.sport_event_status.status).toBe('closed');
    expect(closed!.markets.every((m) => m.status === 0)).toBe(true);
    expect(closed!.settlements).toEqual(timeline.settlements());
  });

  test('speed 60 plays a football match in under two minutes and a half', () => {
    const fast = new FeedModel({ seed: 'test', speed: 60, liveIntervalMs: 1_000 });
    const fixture = next('football');
    const timeline = fast.timeline(fixture);
    expect(timeline.endsAt - fixture.scheduled).toBeGreaterThan(100_000);
    expect(timeline.endsAt - fixture.scheduled).toBeLessThan(130_000);
    const live = fast.messagesUntil(fixture, fast.lastSeq(fixture, fixture.scheduled - 1), timeline.closesAt);
    for (const m of live) feedMessage.parse(m);
    expect(live.at(-1)).toMatchObject({ type: 'odds_change', sport_event_status: { status: 'closed' } });
  });

  test('no margin: every two-way book sums to 1', () => {
    const fair = new FeedModel({ seed: 'test', marginBps: 0 });
    const fixture = next('tennis');
    const [message] = fair.messagesUntil(fixture, 1, fixture.scheduled - DAY);
    if (!message || !isOdds(message)) throw new Error('no pre-match odds');
    for (const market of message.markets) {
      const book = market.outcomes!.reduce((sum, o) => sum + 1 / o.odds!, 0);
      expect(Math.abs(book - 1)).toBeLessThan(0.01);
    }
  });
});

test('src/sportsfeed imports nothing from src/server', () => {
  const folder = import.meta.dirname;
  const offenders = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from\s+['"]([^'"]+)['"]/g)].some((m) =>
        path.resolve(path.dirname(file), m[1]!).startsWith(path.resolve(folder, '../server')),
      ),
    );
  expect(offenders).toEqual([]);
  // results.ts, which the casino imports, stays self-contained.
  const results = readFileSync(path.join(folder, 'results.ts'), 'utf8');
  expect([...results.matchAll(/from\s+['"]([^'"]+)['"]/g)].map((m) => m[1])).toEqual([
    '../shared/sports/feed.ts',
    '../shared/sports/markets.ts',
  ]);
});
