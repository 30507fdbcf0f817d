import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { post } from '../../src/server/modules/ledger/ledger.ts';
import { type Bus, createMemoryBus, createRedisBus } from '../../src/server/realtime/bus.ts';
import { FEED_CHANNELS } from '../../src/shared/wire/bets.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, register } from '../helpers/auth.ts';

/**
 * The routes that play check the session without a query per call (docs/security.md "Sessions"):
 * a revocation on any instance stops the next bet at once, a change to the player's row is seen at
 * once, and a revocation the bus never carried is caught within SESSION_RECHECK_SECONDS.
 */
let bus: Bus;
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  bus = process.env.TEST_REDIS_URL
    ? await createRedisBus(process.env.TEST_REDIS_URL, `gate-${process.pid}-${Date.now()}:`)
    : createMemoryBus();
  first = await createTestApp({ SESSION_RECHECK_SECONDS: '1' }, { bus });
  second = await createTestApp({ SESSION_RECHECK_SECONDS: '1' }, { bus, database: first.database });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await bus?.close();
});

async function fundedPlayer() {
  const { token } = await register(first, { currency: 'RUB' });
  const headers = bearer(token);
  const id = String((await first.app.inject({ url: '/api/profile/user', headers })).json().user.id);
  await post(first.database, {
    idempotencyKey: `gate:${id}`,
    kind: 'adjustment',
    currency: 'RUB',
    request: { id },
    postings: [
      { account: { system: 'house' }, amount: -1_000_00n },
      { account: { userId: id, kind: 'cash' }, amount: 1_000_00n },
    ],
    answer: () => null,
  });
  return { id, headers };
}

const bet = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/games/dice/bet',
    headers,
    payload: { amount: '1', target: '50', direction: 'under' },
  });

/** How many session lookups `work` made on the shared database. */
async function sessionLookups(work: () => Promise<void>) {
  const query = vi.spyOn(first.database, 'query');
  try {
    await work();
    return query.mock.calls.filter((call) => call[2] === 'user_of_live_session').length;
  } finally {
    query.mockRestore();
  }
}

describe('the session check of the routes that play', () => {
  test('asks the database once for many bets, not once per bet', async () => {
    const p = await fundedPlayer();
    const started = Date.now();
    const lookups = await sessionLookups(async () => {
      for (let i = 0; i < 30; i++) expect((await bet(second, p.headers)).statusCode).toBe(200);
    });
    // One lookup, then one per elapsed recheck second (this machine may be slow under load).
    expect(lookups).toBeLessThanOrEqual(1 + Math.floor((Date.now() - started) / 1_000));
    expect(lookups).toBeLessThan(30);
  });

  test('a logout on one instance stops the next bet on the other at once', async () => {
    const p = await fundedPlayer();
    expect((await bet(second, p.headers)).statusCode).toBe(200);
    const out = await first.app.inject({ method: 'PUT', url: '/api/auth/logout', headers: p.headers });
    expect(out.statusCode).toBe(200);
    // The bus carries the revocation (Redis: a round trip), well within the recheck second.
    await expect
      .poll(async () => (await bet(second, p.headers)).statusCode, { interval: 20, timeout: 500 })
      .toBe(401);
  });

  test('a revocation the bus never carried is caught within SESSION_RECHECK_SECONDS', async () => {
    const p = await fundedPlayer();
    expect((await bet(second, p.headers)).statusCode).toBe(200);
    // Revoked behind the service's back: no bus message.
    await first.database.query(
      `update sessions set revoked_at = now() where user_id = $1 and revoked_at is null`,
      [p.id],
    );
    const started = Date.now();
    await expect
      .poll(async () => (await bet(second, p.headers)).statusCode, { interval: 100, timeout: 3_000 })
      .toBe(401);
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  test("a change to the player's row is seen at once by the next bet on any instance", async () => {
    const p = await fundedPlayer();
    const announced: Array<{ id: string; player: string | null }> = [];
    const stop = await bus.subscribe(FEED_CHANNELS.all, (payload) =>
      announced.push(JSON.parse(payload).data),
    );
    try {
      const before = (await bet(second, p.headers)).json().data.bet.id;
      const hide = await first.app.inject({
        method: 'PUT',
        url: '/api/profile/settings',
        headers: p.headers,
        payload: { is_statistics_hidden: true },
      });
      expect(hide.statusCode).toBe(200);
      // The live feed names the player of a bet from the row the session check gave the route.
      const after = (await bet(second, p.headers)).json().data.bet.id;
      await expect.poll(() => announced.filter((item) => [before, after].includes(item.id)).length).toBe(2);
      const player = (id: string) => announced.find((item) => item.id === id)?.player;
      expect(player(before)).toMatch(/^#[0-9A-F]{6}$/);
      expect(player(after)).toBeNull();
    } finally {
      await stop();
    }
  });
});
