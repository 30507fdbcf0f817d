import { afterAll, beforeAll, expect, test } from 'vitest';
import { ManualClock } from '../../src/server/clock.ts';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import type { SportEvent } from '../../src/shared/api/sports.ts';
import { startSportsFeed } from '../../src/sportsfeed/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer } from '../helpers/auth.ts';
import { playerWithCash } from '../helpers/players.ts';

/**
 * A day of simulated matches (docs/betting.md): the in-house feed plays 24 hours of every sport,
 * pushed to the book every five minutes of a clock the test moves; every two hours a new player
 * bets singles and an accumulator on what is open. At the end every bet is decided, each player's
 * cash is exactly what they staked and were paid, and the ledger balances.
 */
const SECRET = 'a-shared-secret-for-the-day-of-matches';
const clock = new ManualClock(new Date('2026-06-02T00:00:00Z'));
let t: TestApp;
let feed: Awaited<ReturnType<typeof startSportsFeed>>;

beforeAll(async () => {
  t = await createTestApp({ SPORTS_LIVE_DELAY_MS: '0', RATE_LIMIT_API_PER_MINUTE: '100000' }, { clock });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  feed = await startSportsFeed({
    pushUrl: `http://127.0.0.1:${port}/api/sports/feed`,
    secret: SECRET,
    clock,
    schedule: false,
    daysAhead: 1,
    // Prices every 5 minutes live and every 6 hours before: a whole day stays quick to push.
    liveIntervalMs: 5 * 60_000,
    preIntervalMs: 6 * 3_600_000,
  });
  await t.app.betting.connect(feed.url, SECRET);
}, 300_000);

afterAll(async () => {
  await feed?.close();
  await t?.close();
});

test('every bet of a day of matches is decided and every balance adds up', async () => {
  const players: { id: string; start: bigint }[] = [];
  let bets = 0;
  for (let step = 0; step < 24 * 12; step++) {
    if (step % 24 === 0) {
      const player = await playerWithCash(t, 10_000_00n);
      players.push({ id: player.id, start: 10_000_00n });
      const events = (await t.app.inject({ url: '/api/sports/events?limit=40' })).json().data as SportEvent[];
      const open = events.filter((e) => e.main?.state === 'active' && e.main.outcomes.some((o) => o.active));
      const legOf = (e: SportEvent) => {
        const o = e.main!.outcomes.find((x) => x.active)!;
        return {
          event_id: e.id,
          market_id: e.main!.id,
          specifiers: e.main!.specifiers,
          outcome_id: o.id,
          odds: o.odds,
        };
      };
      const slips = [
        ...open.slice(0, 4).map((e) => ({ kind: 'single', legs: [legOf(e)] })),
        ...(open.length >= 7 ? [{ kind: 'multi', legs: open.slice(4, 7).map(legOf) }] : []),
      ];
      for (const [i, slip] of slips.entries()) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/sports/bets',
          headers: { ...bearer(player.token), 'idempotency-key': `day-bet-${step}-${i}` },
          payload: { ...slip, stake: '25.00', odds_policy: 'any' },
        });
        expect([200, 409], res.body).toContain(res.statusCode);
        if (res.statusCode === 200) bets++;
      }
    }
    clock.advance(5 * 60_000);
    await feed.tick();
  }
  // The last matches end, are settled and closed.
  for (let i = 0; i < 48; i++) {
    clock.advance(5 * 60_000);
    await feed.tick();
  }
  await t.app.betting.sweep();
  expect(bets).toBeGreaterThan(20);
  const rows = await t.database.query<{ status: string; user_id: string; stake: string; paid: string }>(
    'select status, user_id::text, stake::text, paid::text from sport_bets',
  );
  expect(rows).toHaveLength(bets);
  expect(rows.filter((r) => r.status !== 'settled')).toEqual([]);
  for (const player of players) {
    const mine = rows.filter((r) => r.user_id === player.id);
    const expected = mine.reduce((cash, r) => cash - BigInt(r.stake) + BigInt(r.paid), player.start);
    const [account] = await t.database.query<{ balance: string }>(
      "select balance::text from ledger_accounts where user_id = $1 and kind = 'cash' and currency = 'RUB'",
      [player.id],
    );
    expect(BigInt(account!.balance)).toBe(expected);
  }
  expect(await checkLedger(t.database)).toEqual([]);
}, 600_000);
