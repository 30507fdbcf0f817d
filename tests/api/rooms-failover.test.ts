import pg from 'pg';
import { describe, expect, test } from 'vitest';
import type { RoomEvent, RoomRound, RoomState } from '../../src/shared/api/rooms.ts';
import { failoverStage } from '../helpers/failover.ts';
import { apiCall, fundedPlayer } from '../helpers/funding.ts';
import { independentDraw, minor } from '../helpers/rooms.ts';

/**
 * Rooms on several instances (docs/fairness.md "Several instances"): two server processes on one
 * PostgreSQL database and one Redis. Both take joins; one leads (draws rounds); its events reach
 * the other's sockets through Redis. The leader is killed with SIGKILL while a round counts down:
 * the other instance takes the lock, draws the round from the stored state once, and the ledger
 * checks clean.
 */
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('rooms failover', () => {
  const stage = failoverStage('rooms', 'rooms', { ROOMS_COUNTDOWN_MS: '5000' });

  test('the leader dies mid-countdown; the other instance draws the round once', {
    timeout: 120_000,
  }, async () => {
    const [leader, follower] = await stage.leaderAndFollower();
    // A socket on the follower: the events of joins on either instance and of the draw reach it.
    const { events, close } = await stage.events<RoomEvent>(follower, 'rooms:red', (e) => e.room === 'red');

    const players = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        fundedPlayer(leader.url, { amount: '100', prefix: `failover${i}` }),
      ),
    );
    const state = await apiCall<{ data: RoomState }>(
      follower.url,
      'GET',
      '/games/rooms/red?currency=RUB',
      '',
    );
    const roundId = state.data.round.id;
    // Joins on both instances: two through the leader, two through the follower.
    for (const [i, { token }] of players.entries()) {
      const base = i % 2 === 0 ? leader.url : follower.url;
      await apiCall(base, 'POST', '/games/rooms/red/join', token, {
        amount: String(10 * (i + 1)),
        round_id: roundId,
      });
    }
    await expect.poll(() => events.filter((e) => e.kind === 'joined').length).toBe(4);

    // kill -9 during the countdown: the draw is due in a few seconds and nobody leads.
    const countdown = events.at(-1)!.round.countdown_ends_at!;
    expect(Date.parse(countdown)).toBeGreaterThan(Date.now());
    await leader.stop('SIGKILL');
    await expect.poll(() => stage.leads(follower), { timeout: 15_000 }).toBe(true);

    let round: RoomRound | undefined;
    await expect
      .poll(
        async () => {
          const rounds = await apiCall<{ data: RoomRound[] }>(
            follower.url,
            'GET',
            '/games/rooms/red/rounds?currency=RUB',
            '',
          );
          round = rounds.data.find((r) => r.id === roundId);
          return round?.status;
        },
        { timeout: 30_000 },
      )
      .toBe('settled');
    const expected = independentDraw(round!);
    expect(round!.result).toMatchObject({ winner_seat: expected.seat, prize: '95.00', commission: '5.00' });
    await expect.poll(() => events.some((e) => e.kind === 'drawn' && e.round.id === roundId)).toBe(true);
    close();

    // Every stake once, one prize, balances that add up: 4 × 100 deposited, 5 kept by the house.
    const balances = await Promise.all(
      players.map(async ({ token }) =>
        minor(
          (await apiCall<{ user: { balance: string } }>(follower.url, 'GET', '/profile/user', token)).user
            .balance,
        ),
      ),
    );
    expect(balances.reduce((sum, b) => sum + b, 0n)).toBe(400_00n - 5_00n);
    expect(balances[expected.seat]).toBe(100_00n - BigInt(1_000 * (expected.seat + 1)) + expected.prize);
    const db = new pg.Client({ connectionString: stage.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(
        `select (select count(*)::int from ledger_transactions where kind = 'room_win') as wins,
                (select count(*)::int from ledger_transactions where kind = 'room_stake') as stakes,
                (select count(*)::int from room_rounds where status = 'settled') as settled`,
      );
      expect(rows[0]).toEqual({ wins: 1, stakes: 4, settled: 1 });
    } finally {
      await db.end();
    }
    await stage.expectLedgerClean();
  });
});
