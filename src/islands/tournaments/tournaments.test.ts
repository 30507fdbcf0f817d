import { HTTPError } from 'ky';
import { describe, expect, test } from 'vitest';
import { getT } from '../../i18n/index.ts';
import type { TournamentBoard, TournamentPrize } from '../../shared/api/tournaments.ts';
import { joinErrorLines } from './errors.ts';
import {
  gameName,
  gamesShown,
  meReadDelay,
  moneyText,
  multiplierText,
  newerBoard,
  placesText,
  pointsText,
  prettifyId,
  prizeLines,
  shareText,
  weightText,
} from './format.ts';
import { durationText, timing, timingText } from './time.ts';

const en = (key: string, options?: Record<string, unknown>) => getT('en')(key, options ?? {});
const ru = (key: string, options?: Record<string, unknown>) => getT('ru')(key, options ?? {});
const enExists = (key: string) => getT('en')(key, { defaultValue: '' }) !== '';
const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('points', () => {
  test('a multiplier hunt shows ×, two decimals in the locale', () => {
    expect(pointsText('multiplier', '152.3', 'USD', 'en-US')).toBe('×152.30');
    expect(nbsp(pointsText('multiplier', '1520.5', 'RUB', 'ru'))).toBe('×1 520,50');
  });

  test('wager and profit races show money in the tournament currency', () => {
    expect(pointsText('wager', '1234.5', 'USD', 'en-US')).toBe('$1,234.50');
    expect(nbsp(pointsText('profit', '-12.5', 'RUB', 'ru'))).toBe('-12,50 ₽');
  });

  test('converted points with more than two decimals are rounded, never shown raw', () => {
    expect(moneyText('10.456', 'USD', 'en-US')).toBe('$10.46');
    expect(moneyText('0.001', 'USD', 'en-US')).toBe('$0.00');
  });

  test('text that is not a number is shown as it is', () => {
    expect(multiplierText('n/a', 'en-US')).toBe('×n/a');
  });
});

describe('time', () => {
  test('a duration in two units at most, rounded down', () => {
    expect(durationText(2 * DAY + 5 * HOUR + 59 * MINUTE, en)).toBe('2 d 5 h');
    expect(durationText(2 * DAY + 10 * MINUTE, en)).toBe('2 d');
    expect(durationText(3 * HOUR + 12 * MINUTE + 59_000, en)).toBe('3 h 12 min');
    expect(durationText(3 * HOUR, en)).toBe('3 h');
    expect(durationText(12 * MINUTE, en)).toBe('12 min');
    expect(durationText(59_000, en)).toBe('less than a minute');
    expect(durationText(90 * MINUTE, ru)).toBe('1 ч 30 мин');
  });

  const at = Date.parse('2026-11-29T12:00:00Z');
  const t = { starts_at: '2026-11-30T12:00:00Z', ends_at: '2026-12-01T12:00:00Z' };

  test('what a tournament counts down to, by its status', () => {
    expect(timing({ ...t, status: 'upcoming' }, at)).toEqual({ key: 'startsIn', ms: DAY });
    expect(timing({ ...t, status: 'active' }, at)).toEqual({ key: 'endsIn', ms: 2 * DAY });
    expect(timing({ ...t, status: 'finished' }, at)).toEqual({ key: 'ended' });
    expect(timing({ ...t, status: 'cancelled' }, at)).toEqual({ key: 'cancelled' });
  });

  test('past its time, an upcoming one is starting and an active one is being settled', () => {
    expect(timing({ ...t, status: 'upcoming' }, Date.parse(t.starts_at) + 1)).toEqual({ key: 'starting' });
    expect(timing({ ...t, status: 'active' }, Date.parse(t.ends_at))).toEqual({ key: 'settling' });
  });

  test('in words', () => {
    expect(timingText({ key: 'endsIn', ms: 3 * HOUR + 12 * MINUTE }, en, '')).toBe('Ends in 3 h 12 min');
    expect(timingText({ key: 'startsIn', ms: 2 * DAY }, ru, '')).toBe('До старта 2 д');
    expect(timingText({ key: 'ended' }, en, 'Nov 12, 2026')).toBe('Ended Nov 12, 2026');
    expect(timingText({ key: 'settling' }, en, '')).toBe('Counting the results');
  });
});

describe('the prize table', () => {
  const prize = (
    from: number,
    to: number,
    amount: string,
    extra: Partial<TournamentPrize> = {},
  ): TournamentPrize => ({
    from,
    to,
    kind: 'cash',
    amount,
    share_bps: null,
    wager: null,
    ...extra,
  });

  test('neighbouring ranges that pay the same join into one line with its total', () => {
    const lines = prizeLines([
      prize(4, 5, '10.00'),
      prize(1, 1, '100.00'),
      prize(6, 10, '10.00'),
      prize(2, 3, '50.00'),
    ]);
    expect(lines.map((l) => [placesText(l.from, l.to), l.amount, l.total])).toEqual([
      ['1', '100.00', '100.00'],
      ['2–3', '50.00', '100.00'],
      ['4–10', '10.00', '70.00'],
    ]);
  });

  test('a different kind, wagering or share keeps ranges apart; a gap too', () => {
    const lines = prizeLines([
      prize(1, 1, '10.00'),
      prize(2, 2, '10.00', { kind: 'bonus', wager: 5 }),
      prize(3, 3, '10.00', { kind: 'bonus', wager: 10 }),
      prize(4, 4, '10.00', { kind: 'bonus', wager: 10, share_bps: 100 }),
      prize(6, 6, '10.00', { kind: 'bonus', wager: 10, share_bps: 100 }),
    ]);
    expect(lines.map((l) => placesText(l.from, l.to))).toEqual(['1', '2', '3', '4', '6']);
  });

  test('totals are exact in cents', () => {
    expect(prizeLines([prize(1, 3, '0.10')])[0]!.total).toBe('0.30');
    expect(prizeLines([prize(1, 100, '12345678.99')])[0]!.total).toBe('1234567899.00');
  });

  test('shares and weights as percentages', () => {
    expect(shareText(250, 'en-US')).toBe('2.5%');
    expect(weightText(150, 'en-US')).toBe('150%');
  });
});

describe('games', () => {
  test("an original's name from the catalogs, a slot's id made readable, every game of a product", () => {
    expect(gameName('originals', 'dice', en, enExists)).toBe('Dice');
    expect(gameName('originals', 'wheel', ru, enExists)).toBe(getT('ru')('games.wheel.name'));
    expect(gameName('slots', 'star-quest', en, enExists)).toBe('Star Quest');
    expect(gameName('live', 'live-roulette', en, enExists)).toBe('Live roulette');
    expect(gameName('sports', 'football', en, enExists)).toBe('Football');
    expect(gameName('slots', '*', en, enExists)).toBe('All slots');
  });

  test('a few names and how many more, every-game entries first', () => {
    const games = [
      { product: 'originals', game: 'dice', weight: 100 },
      { product: 'originals', game: 'crash', weight: 100 },
      { product: 'slots', game: '*', weight: 50 },
      { product: 'originals', game: 'keno', weight: 100 },
      { product: 'originals', game: 'miner', weight: 100 },
    ] as const;
    const { shown, more } = gamesShown(games, 3);
    expect(shown.map((g) => g.game)).toEqual(['*', 'dice', 'crash']);
    expect(more).toBe(2);
    expect(gamesShown(games.slice(0, 2), 3).more).toBe(0);
  });

  test('ids', () => {
    expect(prettifyId('sweet_bonanza.1000')).toBe('Sweet Bonanza 1000');
  });
});

describe('the live board', () => {
  const board = (version: number): TournamentBoard => ({
    id: '1',
    status: 'active',
    prize_pool: '0',
    participants: 0,
    standings: [],
    version,
  });

  test('a board replaces only an older one', () => {
    const current = board(10);
    expect(newerBoard(current, board(11)).version).toBe(11);
    expect(newerBoard(current, board(9))).toBe(current);
    expect(newerBoard(current, board(10))).toBe(current);
  });

  test("the player's place is read at most once per gap", () => {
    expect(meReadDelay(null, 1_000, 5_000)).toBe(0);
    expect(meReadDelay(1_000, 2_000, 5_000)).toBe(4_000);
    expect(meReadDelay(1_000, 9_000, 5_000)).toBe(0);
  });
});

describe('a refused join', () => {
  function httpError(status: number, body: unknown) {
    const request = new Request('https://api.example/tournaments/1/join', { method: 'POST' });
    const error = new HTTPError(new Response(null, { status }), request, {} as never);
    error.data = body;
    return error;
  }

  test('a refusal, bare or prefixed, in words', () => {
    expect(
      joinErrorLines(
        httpError(403, { errors: { tournament: ['tournament_not_eligible_vip'] } }),
        en,
        enExists,
      ),
    ).toEqual(['Your VIP level is too low for this tournament.']);
    expect(
      joinErrorLines(httpError(409, { errors: { tournament: ['already_joined'] } }), en, enExists),
    ).toEqual(['You have already joined this tournament.']);
    expect(
      joinErrorLines(httpError(409, { errors: { tournament: 'tournament_closed' } }), ru, enExists),
    ).toEqual([getT('ru')('tournaments.refusals.closed')]);
  });

  test('a code of its own has no refusal key: a general message instead of the raw code', () => {
    expect(
      joinErrorLines(httpError(403, { errors: { tournament: ['tournament_mystery'] } }), en, enExists),
    ).toEqual(['You could not join the tournament. Please try again.']);
  });
});
