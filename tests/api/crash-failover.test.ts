import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import type { Queryable } from '../../src/server/db/client.ts';
import type { CrashEvent, CrashRound, CrashState } from '../../src/shared/api/crash.ts';
import { crashed, flownTo, holdBetting, release, waitForState } from '../helpers/crash.ts';
import { failoverStage } from '../helpers/failover.ts';
import { apiCall, fundedPlayer } from '../helpers/funding.ts';
import { minor } from '../helpers/rooms.ts';

/**
 * Crash on several instances (docs/fairness.md "Several instances"): two server processes on one
 * PostgreSQL database and one Redis. Both take bets and cash-outs; one drives the rounds; its events
 * reach the other's sockets through Redis. The driver is killed with SIGKILL mid-flight: the other
 * instance takes the lock, continues the flight from its stored start, settles the auto cash-outs the
 * flight passed while nobody drove it at their targets, crashes the round at its point, and the
 * ledger checks clean: every accepted bet settled once.
 */
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('crash failover', () => {
  const stage = failoverStage('crash', 'crash', { CRASH_BETTING_MS: '1000', CRASH_PAUSE_MS: '200' });
  let db: pg.Client;
  afterAll(async () => {
    await db?.end();
  });

  test('the driver dies mid-flight; the other instance finishes the round and settles every bet once', {
    timeout: 180_000,
  }, async () => {
    const [leader, follower] = await stage.leaderAndFollower();
    db = new pg.Client({ connectionString: stage.databaseUrl });
    await db.connect();
    const queryable: Queryable = {
      query: async (text, values) => (await db.query(text, values)).rows as never,
    };
    const stateOf = async () =>
      (await apiCall<{ data: CrashState }>(follower.url, 'GET', '/games/crash', '')).data;

    const { events, close } = await stage.events<CrashEvent>(follower, 'game:crash');

    const players = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        fundedPlayer(leader.url, { amount: '100', prefix: `crash-failover${i}` }),
      ),
    );
    // A flight of 2.50×, ~15 s: long enough to lose its driver in the middle.
    const id = await holdBetting(stateOf, queryable, 250);
    const autos = ['1.10', '1.50', '2.00', '2.60', null, null];
    for (const [i, { token }] of players.entries()) {
      const base = i % 2 === 0 ? leader.url : follower.url;
      await apiCall(base, 'POST', '/games/crash/bet', token, {
        amount: '10',
        round_id: id,
        ...(autos[i] ? { auto_cash_out: autos[i] } : {}),
      });
    }
    await release(queryable, id);
    await waitForState(stateOf, (s) => s.round?.id === id && s.round.status === 'flight');
    // Player 4 cashes out by hand on the follower while the leader still drives, past 1.05×.
    await flownTo(stateOf, id, 110);
    const manual = await apiCall<{ data: { bet: { cash_out: string } } }>(
      follower.url,
      'POST',
      '/games/crash/cashout',
      players[4]!.token,
      { round_id: id },
    );
    expect(Number(manual.data.bet.cash_out)).toBeGreaterThan(1.05);

    // kill -9 in the flight, before 1.50× (6.8 s): nobody drives until the follower takes the lock.
    await leader.stop('SIGKILL');
    await expect.poll(() => stage.leads(follower), { timeout: 15_000 }).toBe(true);
    await crashed(stateOf, id, 60_000);

    const round = (await apiCall<{ data: CrashRound }>(follower.url, 'GET', `/games/crash/rounds/${id}`, ''))
      .data;
    expect(round).toMatchObject({ status: 'crashed', crash_point: '2.50' });
    const byStake = round.bets.map((b) => [b.status, b.cash_out]);
    expect(byStake).toEqual([
      ['cashed', '1.10'],
      ['cashed', '1.50'],
      ['cashed', '2.00'],
      ['lost', null],
      ['cashed', manual.data.bet.cash_out],
      ['lost', null],
    ]);
    await expect.poll(() => events.some((e) => e.kind === 'crashed' && e.round.id === id)).toBe(true);
    close();

    const balances = await Promise.all(
      players.map(async ({ token }) =>
        minor(
          (await apiCall<{ user: { balance: string } }>(follower.url, 'GET', '/profile/user', token)).user
            .balance,
        ),
      ),
    );
    const manualPayout = minor(manual.data.bet.cash_out) * 10n;
    expect(balances).toEqual([101_00n, 105_00n, 110_00n, 90_00n, 90_00n + manualPayout, 90_00n]);
    const { rows } = await db.query(
      `select (select count(*)::int from ledger_transactions where kind = 'crash_cashout') as payouts,
              (select count(*)::int from crash_bets where round_id = $1 and status = 'cashed') as cashed,
              (select count(*)::int from crash_bets where round_id = $1 and status = 'open') as open`,
      [id],
    );
    expect(rows[0]).toEqual({ payouts: 4, cashed: 4, open: 0 });
    await stage.expectLedgerClean();
  });
});
