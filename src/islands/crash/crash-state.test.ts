import { describe, expect, test } from 'vitest';
import type { CrashBet, CrashState } from '../../shared/api/crash.ts';
import { applyCrashEvent, catchUp, pointClass, roundTakingBets } from './crash-state.ts';

const bet = (id: string, round_id: number, extra: Partial<CrashBet> = {}): CrashBet => ({
  id,
  round_id,
  player: 'Nova',
  currency: 'RUB',
  stake: '1.00',
  status: 'open',
  cash_out: null,
  payout: '0.00',
  profit: '0.00',
  ...extra,
});

const state: CrashState = {
  version: 5,
  server_time: 0,
  chain: null,
  round: {
    id: 7,
    status: 'betting',
    betting_ends_at: 1_000,
    started_at: null,
    crash_point: null,
    hash: null,
    crashed_at: null,
    bets: [],
  },
  next: null,
  history: [{ id: 6, crash_point: '1.50' }],
  betting_ms: 5_000,
};

describe('crash page state', () => {
  test('a round: bet, start, a cash-out, the crash, and a bet for the next round meanwhile', () => {
    let s = applyCrashEvent(state, { kind: 'bet', round_id: 7, bet: bet('1', 7), server_time: 0 }, 6);
    expect(s.round?.bets).toHaveLength(1);
    s = applyCrashEvent(s, { kind: 'started', round_id: 7, started_at: 2_000, server_time: 0 }, 7);
    expect(s.round).toMatchObject({ status: 'flight', started_at: 2_000 });
    expect(roundTakingBets(s)).toBe(8);
    s = applyCrashEvent(s, { kind: 'bet', round_id: 8, bet: bet('2', 8), server_time: 0 }, 8);
    expect(s.next?.bets.map((b) => b.id)).toEqual(['2']);
    const cashed = bet('1', 7, { status: 'cashed', cash_out: '1.20', payout: '1.20', profit: '0.20' });
    s = applyCrashEvent(s, { kind: 'cashed_out', round_id: 7, bets: [cashed], server_time: 0 }, 9);
    // Applying it again changes nothing.
    s = applyCrashEvent(s, { kind: 'cashed_out', round_id: 7, bets: [cashed], server_time: 0 }, 9);
    expect(s.round?.bets).toEqual([cashed]);
    const crashedRound = { ...s.round!, status: 'crashed' as const, crash_point: '2.00', hash: 'ab' };
    s = applyCrashEvent(s, { kind: 'crashed', round: crashedRound, server_time: 0 }, 10);
    expect(s.history.map((h) => h.crash_point)).toEqual(['2.00', '1.50']);
    expect(s.next?.id).toBe(8);
    s = applyCrashEvent(
      s,
      { kind: 'opened', round: { ...s.next!, status: 'betting', betting_ends_at: 9 }, server_time: 0 },
      11,
    );
    expect(s).toMatchObject({ version: 11, next: null, round: { id: 8, status: 'betting' } });
  });

  test('a load older than the events already received keeps them: no bet leaves the page', () => {
    const first = { kind: 'bet', round_id: 7, bet: bet('1', 7), server_time: 0 } as const;
    const second = { kind: 'bet', round_id: 7, bet: bet('2', 7), server_time: 0 } as const;
    const received = [
      { event: first, version: 6 },
      { event: second, version: 7 },
    ];
    // The load was read at version 6 (it holds the first bet); the second arrived while it travelled.
    const loaded = { ...state, version: 6, round: { ...state.round!, bets: [bet('1', 7)] } };
    const caught = catchUp(loaded, received);
    expect(caught.version).toBe(7);
    expect(caught.round?.bets.map((b) => b.id)).toEqual(['1', '2']);
    // A load newer than everything received is taken as it is.
    const newer = { ...loaded, version: 9 };
    expect(catchUp(newer, received)).toBe(newer);
  });

  test('crash points are coloured by size', () => {
    expect(['1.00', '1.99', '2.00', '9.99', '10.00'].map(pointClass)).toEqual([
      'low',
      'low',
      'mid',
      'mid',
      'high',
    ]);
  });
});
