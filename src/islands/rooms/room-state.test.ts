import { describe, expect, test } from 'vitest';
import type { RoomEvent, RoomRound, RoomState } from '../../shared/api/rooms.ts';
import {
  applyRoomEvent,
  landingShift,
  listedRounds,
  phaseOf,
  type RoomView,
  secondsLeft,
  segmentsOf,
  TAPE_COPIES,
} from './room-state.ts';
import { verifyQuery } from './verify-query.ts';

const round = (over: Partial<RoomRound> = {}): RoomRound => ({
  id: '7',
  number: 3,
  room: 'red',
  currency: 'RUB',
  status: 'open',
  commitment: 'c'.repeat(64),
  server_seed: null,
  commission_percent: '5.00',
  pot: '0.00',
  tickets: '0',
  players: [],
  countdown_ends_at: null,
  result: null,
  created_at: '2026-01-01T00:00:00.000Z',
  settled_at: null,
  ...over,
});

const state = (over: Partial<RoomState> = {}): RoomState => ({
  room: 'red',
  currency: 'RUB',
  min_bet: '1.00',
  max_bet: '10000.00',
  commission_percent: '5.00',
  version: 10,
  round: round(),
  last: null,
  ...over,
});

const event = (kind: RoomEvent['kind'], r: RoomRound, next: RoomRound | null = null): RoomEvent => ({
  kind,
  room: 'red',
  currency: r.currency,
  round: r,
  next,
  server_time: 0,
});

const player = (seat: number, from: number, to: number) => ({
  seat,
  player: `p${seat}`,
  stake: `${to - from + 1}.00`,
  chance: '0',
  tickets: [{ from: String(from), to: String(to) }],
});

describe('applyRoomEvent', () => {
  const view: RoomView = { state: state(), showing: null };

  test('a join replaces the live round and moves the version', () => {
    const joined = round({ pot: '1.00', tickets: '100', players: [player(0, 0, 99)] });
    expect(applyRoomEvent(view, event('joined', joined), 11)).toEqual({
      state: state({ version: 11, round: joined }),
      showing: null,
    });
  });

  test('events the state holds already, and other currencies, change nothing', () => {
    expect(applyRoomEvent(view, event('joined', round({ pot: '5.00' })), 10)).toBe(view);
    expect(applyRoomEvent(view, event('joined', round({ currency: 'USD' })), 12)).toBe(view);
  });

  test('a draw shows the drawn round, opens the next and keeps the drawn one as the last', () => {
    const drawn = round({ status: 'settled', server_seed: 's' });
    const next = round({ id: '8' });
    expect(applyRoomEvent(view, event('drawn', drawn, next), 11)).toEqual({
      state: state({ version: 11, round: next, last: drawn }),
      showing: drawn,
    });
  });

  test('a change of a round the page never saw asks for a reload', () => {
    expect(applyRoomEvent(view, event('joined', round({ id: '9' })), 11)).toBe('reload');
  });
});

describe('countdown and phases', () => {
  test('seconds left on the server clock, never below 0', () => {
    const ends = '2026-01-01T00:00:10.000Z';
    const now = Date.parse('2026-01-01T00:00:00.000Z');
    expect(secondsLeft(ends, now, 0)).toBe(10);
    expect(secondsLeft(ends, now, 2_500)).toBe(8);
    expect(secondsLeft(ends, now + 60_000, 0)).toBe(0);
    expect(secondsLeft(null, now, 0)).toBeNull();
  });

  test('waiting, counting down, drawing once the time is up, drawn', () => {
    expect(phaseOf(round(), null)).toBe('waiting');
    expect(phaseOf(round({ status: 'countdown' }), 3)).toBe('countdown');
    expect(phaseOf(round({ status: 'countdown' }), 0)).toBe('drawing');
    expect(phaseOf(round({ status: 'settled' }), null)).toBe('drawn');
  });
});

describe('the tape', () => {
  const played = round({
    tickets: '400',
    players: [
      {
        ...player(0, 0, 99),
        tickets: [
          { from: '0', to: '99' },
          { from: '300', to: '399' },
        ],
      },
      player(1, 100, 299),
    ],
  });

  test('stakes in ticket order, as fractions of the pot', () => {
    expect(segmentsOf(played)).toEqual([
      { seat: 0, start: 0, width: 0.25 },
      { seat: 1, start: 0.25, width: 0.5 },
      { seat: 0, start: 0.75, width: 0.25 },
    ]);
    expect(segmentsOf(round())).toEqual([]);
  });

  test('the draw lands the winning ticket under the pointer in the middle of the window', () => {
    const drawn = {
      ...played,
      result: { winning_ticket: '150', winner_seat: 1, winner: 'p1', prize: '3.80', commission: '0.20' },
    };
    const shift = landingShift(drawn);
    // The track is TAPE_COPIES windows wide; after the shift, the window's middle shows this point of the track.
    const middle = (-shift / 100) * TAPE_COPIES + 0.5;
    const inTape = middle - Math.floor(middle);
    expect(inTape).toBeCloseTo(150.5 / 400, 10);
    expect(Math.floor(middle)).toBe(TAPE_COPIES - 2);
  });
});

test('a drawn round links to /fairness with its seed, id, tickets and commitment', () => {
  expect(verifyQuery(round())).toBeNull();
  const drawn = round({ status: 'settled', server_seed: 'a'.repeat(64), tickets: '400' });
  const query = new URLSearchParams(verifyQuery(drawn)!);
  expect(Object.fromEntries(query)).toEqual({
    game: 'rooms',
    server_seed: 'a'.repeat(64),
    round_id: '7',
    tickets: '400',
    commitment: 'c'.repeat(64),
  });
});

describe('the recent rounds', () => {
  test('a round whose tape still runs is listed only once its result shows', () => {
    const drawn = round({ id: '9', status: 'settled' });
    const older = round({ id: '8', status: 'settled' });
    expect(listedRounds([drawn, older], drawn).map((r) => r.id)).toEqual(['8']);
    expect(listedRounds([drawn, older], null).map((r) => r.id)).toEqual(['9', '8']);
  });
});
