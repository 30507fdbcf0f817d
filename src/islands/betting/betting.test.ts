import { beforeEach, describe, expect, test } from 'vitest';
import { getT } from '../../i18n/index.ts';
import type { SportEvent, SportMarket } from '../../shared/api/sports.ts';
import { countryName, kickOff, oddsText } from './format.ts';
import {
  eventPath,
  groupMarkets,
  liveClock,
  marketTitle,
  outcomeName,
  periodName,
  systemName,
} from './labels.ts';
import { applyLoad, applyToBoard, mergeMarkets, priceMoves, topEvents } from './live.ts';
import { $slip, clearPicks, type Pick, parseSlip, pickKey, refreshPicks, togglePick } from './slip-store.ts';
import { linesOf, multiPayout, systemOf, systemPayout, systemsFor, totalOdds } from './systems.ts';

const en = (key: string, options?: Record<string, unknown>) => getT('en')(key, options ?? {});
const ru = (key: string, options?: Record<string, unknown>) => getT('ru')(key, options ?? {});
const teams = { home: 'Arsenal', away: 'Chelsea' };

const market = (
  id: number,
  specifiers: string,
  odds: number[],
  extra: Partial<SportMarket> = {},
): SportMarket => ({
  id,
  specifiers,
  state: 'active',
  version: 1,
  outcomes: odds.map((o, i) => ({ id: String(i + 1), odds: o, active: true })),
  ...extra,
});

const event = (id: string, extra: Partial<SportEvent> = {}): SportEvent => ({
  id,
  sport: 'football',
  country: 'GB',
  tournament: { id: 't1', name: 'Premier Division' },
  home: { id: 'h', name: 'Arsenal' },
  away: { id: 'a', name: 'Chelsea' },
  scheduled_at: '2026-11-29T15:00:00.000Z',
  phase: 'upcoming',
  score: { home: 0, away: 0, period: null, minute: null, period_scores: [], game_points: null, server: null },
  betstop: false,
  main: market(1, '', [210, 340, 350]),
  markets_count: 40,
  ...extra,
});

describe('systems (as the server takes them)', () => {
  test.each([
    ['2/3', 3],
    ['3/4', 4],
    ['2/4', 6],
    ['trixie', 4],
    ['patent', 7],
    ['yankee', 11],
    ['lucky15', 15],
    ['canadian', 26],
    ['lucky31', 31],
    ['heinz', 57],
    ['lucky63', 63],
    ['4/8', 70],
  ])('%s has %i lines', (name, lines) => {
    expect(linesOf(name)).toBe(lines);
  });

  test('a slip offers only the systems its number of selections allows', () => {
    expect(systemsFor(2)).toEqual([]);
    expect(systemsFor(3)).toEqual(['2/3', 'trixie', 'patent']);
    expect(systemsFor(4)).toEqual(['2/4', '3/4', 'yankee', 'lucky15']);
    expect(systemsFor(5)).toEqual(['2/5', '3/5', '4/5', 'canadian', 'lucky31']);
    expect(systemsFor(9)).toEqual([]);
    // The server's rule, now the slip's too (src/shared/sports/systems.ts): `1/3` is three singles,
    // taken though the slip does not offer it (its singles tab does that).
    expect(systemOf('1/3')).toEqual({ legs: 3, sizes: [1] });
    expect(systemOf('9/9')).toBeNull();
  });

  test('payouts if every leg wins: an accumulator rounded down once, a system line by line', () => {
    expect(multiPayout(1000n, [185, 210])).toBe(3885n);
    expect(multiPayout(333n, [101, 101, 101])).toBe(343n);
    // A Trixie at evens, 1.00 a line: three doubles of 4.00 and a treble of 8.00.
    expect(systemPayout('trixie', 100n, [200, 200, 200])).toBe(2000n);
    expect(systemPayout('trixie', 100n, [200, 200])).toBe(0n);
    expect(totalOdds([289, 196, 151])).toBe(855);
  });
});

describe('names on the page', () => {
  test('outcomes carry the teams and the line; the away side of a handicap takes the opposite sign', () => {
    expect(outcomeName(1, '', '1', teams, en, 'en-US')).toBe('Arsenal');
    expect(outcomeName(1, '', '2', teams, en, 'en-US')).toBe('Draw');
    expect(outcomeName(10, '', '9', teams, en, 'en-US')).toBe('Arsenal or draw');
    expect(outcomeName(18, 'total=2.5', '12', teams, en, 'en-US')).toBe('Over 2.5');
    expect(outcomeName(18, 'total=2.5', '13', teams, ru, 'ru')).toBe('Меньше 2,5');
    expect(outcomeName(16, 'hcp=-0.25', '1714', teams, en, 'en-US')).toBe('Arsenal (-0.25)');
    expect(outcomeName(16, 'hcp=-0.25', '1715', teams, en, 'en-US')).toBe('Chelsea (+0.25)');
    expect(outcomeName(16, 'hcp=0', '1715', teams, en, 'en-US')).toBe('Chelsea (0)');
    expect(outcomeName(41, '', '2:1', teams, en, 'en-US')).toBe('2:1');
    expect(marketTitle(18, 'total=2.5', en, 'en-US')).toBe('Total goals 2.5');
    expect(systemName('2/3', ru)).toBe('Система 2 из 3');
    expect(systemName('lucky15', en)).toBe('Lucky 15');
  });

  test('periods and the live clock', () => {
    expect(periodName('2nd_half', en)).toBe('Half 2');
    expect(periodName('set_3', ru)).toBe('3-й сет');
    expect(periodName('q4', en)).toBe('Quarter 4');
    expect(periodName('pause', en)).toBe('Break');
    expect(periodName('ot', en)).toBe('Overtime');
    const live = event('e', {
      phase: 'live',
      score: { ...event('e').score, period: '2nd_half', minute: 67 },
    });
    expect(liveClock(live, en)).toBe('67′');
    expect(liveClock({ ...live, score: { ...live.score, period: 'halftime', minute: 45 } }, en)).toBe(
      'Half-time',
    );
  });

  test('countries, kick-off days and odds', () => {
    expect(countryName('GB', 'en-US', en)).toBe('United Kingdom');
    expect(countryName('DE', 'ru', ru)).toBe('Германия');
    expect(countryName('INT', 'ru', ru)).toBe('Международные');
    const now = Date.parse('2026-11-29T14:40:00Z');
    const view = { tag: 'en-US', timeZone: 'UTC', now, t: en };
    expect(kickOff('2026-11-29T15:00:00Z', view)).toEqual({ time: '03:00 PM', day: 'in 20 min' });
    expect(kickOff('2026-11-29T20:00:00Z', view).day).toBe('Today');
    expect(kickOff('2026-11-30T20:00:00Z', view).day).toBe('Tomorrow');
    expect(oddsText(185, 'fractional')).toBe('17/20');
    expect(oddsText(null, 'decimal')).toBe('–');
    expect(eventPath('od:match:1')).toBe('/betting/event/od:match:1');
    expect(eventPath('a/b')).toBe('/betting/event/a%2Fb');
  });

  test('an event page groups markets in catalogue order, lines by number, closed ones left out', () => {
    const groups = groupMarkets('football', [
      market(18, 'total=3.5', [200, 180]),
      market(18, 'total=2.5', [190, 190]),
      market(18, 'total=1.5', [130, 300], { state: 'settled' }),
      market(1, '', [210, 340, 350], { state: 'suspended' }),
      market(999, '', [150]),
    ]);
    expect(groups.map((g) => g.def.key)).toEqual(['match_result', 'total']);
    expect(groups[1]?.lines.map((m) => m.specifiers)).toEqual(['total=2.5', 'total=3.5']);
  });
});

describe('live updates', () => {
  test('an older copy of a market never replaces a newer one; moved prices are marked', () => {
    const old = market(1, '', [210, 340, 350], { version: 5 });
    const stale = market(1, '', [999, 999, 999], { version: 4 });
    const fresh = market(1, '', [200, 340, 380], { version: 6 });
    expect(mergeMarkets([old], [stale])[0]).toBe(old);
    expect(mergeMarkets([old], [fresh])[0]).toBe(fresh);
    expect(Object.fromEntries(priceMoves('e', [old], [fresh]))).toEqual({ 'e|1||1': 'down', 'e|1||3': 'up' });
  });

  test('an event that starts moves to live now; one that ends leaves', () => {
    const lists = { live: [], upcoming: [event('a'), event('b')], top: [event('a')] };
    const started = applyToBoard(lists, event('a', { phase: 'live' }), () => true);
    expect(started.live.map((e) => e.id)).toEqual(['a']);
    expect(started.upcoming.map((e) => e.id)).toEqual(['b']);
    const ended = applyToBoard(started, event('a', { phase: 'ended' }), () => true);
    expect(ended.live).toEqual([]);
    expect(ended.top).toEqual([]);
    // Another sport's page does not take it.
    expect(applyToBoard(lists, event('a', { phase: 'live' }), () => false).live).toEqual([]);
    // A reload keeps the newer main market an update brought.
    const updated = {
      ...lists,
      upcoming: [event('a', { main: market(1, '', [150, 400, 600], { version: 9 }) })],
    };
    expect(applyLoad(updated, lists).upcoming[0]?.main?.version).toBe(9);
    expect(topEvents([event('x', { markets_count: 2 }), event('y')], 1).map((e) => e.id)).toEqual(['y']);
  });
});

describe('the slip', () => {
  const pick = (eventId: string, outcome = '1', odds = 210): Pick => ({
    event_id: eventId,
    sport: 'football',
    home: 'Arsenal',
    away: 'Chelsea',
    scheduled_at: '2026-11-29T15:00:00.000Z',
    live: false,
    market_id: 1,
    specifiers: '',
    outcome_id: outcome,
    odds,
    active: true,
  });
  beforeEach(() => clearPicks());

  test('a price toggles; another outcome of the same market replaces it; a second event makes an accumulator', () => {
    expect(togglePick(pick('a'))).toBe('added');
    expect(togglePick(pick('a', '3', 350))).toBe('replaced');
    expect($slip.get().picks.map((p) => p.outcome_id)).toEqual(['3']);
    expect(togglePick(pick('b'))).toBe('added');
    expect($slip.get().kind).toBe('multi');
    expect(togglePick(pick('b'))).toBe('removed');
    expect($slip.get().kind).toBe('single');
  });

  test('prices from a quote or an update refresh the selections and say which way they moved', () => {
    togglePick(pick('a'));
    const moved = refreshPicks(new Map([[pickKey(pick('a')), { odds: 190, active: true }]]));
    expect(Object.fromEntries(moved)).toEqual({ 'a|1||1': 'down' });
    refreshPicks(new Map([[pickKey(pick('a')), { odds: null, active: false }]]));
    expect($slip.get().picks[0]).toMatchObject({ odds: 190, active: false });
  });

  test('a stored slip is read field by field: what is not valid is dropped', () => {
    const stored = JSON.stringify({
      picks: [pick('a'), { ...pick('b'), odds: 100 }, { ...pick('c'), sport: 'curling' }, 'junk'],
      kind: 'system',
      system: 'trixie',
      stakes: { single: { 'a|1||1': '5.50', 'x|1||1': '3' }, multi: '1e9', system: '2' },
    });
    const slip = parseSlip(stored);
    expect(slip.picks.map((p) => p.event_id)).toEqual(['a']);
    expect(slip.stakes).toEqual({ single: { 'a|1||1': '5.50' }, multi: '', system: '2' });
    expect(parseSlip('{not json')).toMatchObject({ picks: [], kind: 'single' });
  });
});
