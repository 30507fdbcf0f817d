import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Bus, createRedisBus } from '../../src/server/realtime/bus.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, register } from '../helpers/auth.ts';
import { gamesBench } from '../helpers/games.ts';

/**
 * The API's limits count per player first (docs/security.md "Rate limits"): players behind one
 * address (a carrier NAT, a proxy without TRUST_PROXY) each have their own budget; requests without
 * a valid token share their address's. Every limit is configuration.
 */
const g = gamesBench({ RATE_LIMIT_API_PER_MINUTE: '6', RATE_LIMIT_BETS_PER_MINUTE: '3' });

const profile = (headers: Record<string, string>, remoteAddress = '10.1.1.1') =>
  g.t.app.inject({ url: '/api/profile/user', headers, remoteAddress });

function expectLimited(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toEqual({ errors: { request: expect.stringMatching(/^too_many_requests:/) } });
}

describe('the API limit', () => {
  test('counts per player, so two players behind one address do not share it', async () => {
    const a = await g.player(0n);
    const b = await g.player(0n);
    // `player` asked for the profile once already: five more of the six.
    for (let i = 0; i < 5; i++) expect((await profile(a.headers)).statusCode).toBe(200);
    expectLimited(await profile(a.headers));
    // Same address, another player: a budget of its own.
    expect((await profile(b.headers)).statusCode).toBe(200);
    // The limited player is limited from any address.
    expectLimited(await profile(a.headers, '10.9.9.9'));
  });

  test('without a valid token it counts per address, and a forged token is no way around it', async () => {
    const address = '10.2.2.2';
    const forged = bearer('not.a.token');
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) {
      answers.push(
        (await g.t.app.inject({ url: '/api/profile/user', headers: forged, remoteAddress: address }))
          .statusCode,
      );
    }
    expect(answers).toEqual([401, 401, 401, 401, 401, 401, 429]);
    expectLimited(await g.t.app.inject({ url: '/api/games/rooms', remoteAddress: address }));
    // Another address is not affected.
    expect((await g.t.app.inject({ url: '/api/games/rooms', remoteAddress: '10.2.2.3' })).statusCode).toBe(
      200,
    );
  });
});

describe('the betting limit', () => {
  const dice = { amount: '1', target: '50', direction: 'under' };
  test('is per player and configurable: the fourth bet in the minute is refused and changes nothing', async () => {
    const p = await g.player(100_00n);
    const other = await g.player(100_00n);
    for (let i = 0; i < 3; i++)
      expect((await g.call(p, 'POST', '/games/dice/bet', dice)).statusCode).toBe(200);
    const cash = await g.cash(p);
    expectLimited(await g.call(p, 'POST', '/games/dice/bet', dice));
    expect(await g.cash(p)).toBe(cash);
    expect((await g.call(other, 'POST', '/games/dice/bet', dice)).statusCode).toBe(200);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('with Redis', () => {
  let bus: Bus;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    bus = await createRedisBus(process.env.TEST_REDIS_URL!, `rate-${process.pid}-${Date.now()}:`);
    first = await createTestApp({ RATE_LIMIT_API_PER_MINUTE: '6' }, { bus });
    second = await createTestApp({ RATE_LIMIT_API_PER_MINUTE: '6' }, { bus, database: first.database });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await bus?.close();
  });

  test('two instances enforce one limit', async () => {
    const { token } = await register(first);
    const headers = bearer(token);
    const on = (t: TestApp) => t.app.inject({ url: '/api/profile/user', headers });
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) answers.push((await on(i % 2 ? second : first)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});
