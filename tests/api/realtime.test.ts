import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ManualClock } from '../../src/server/clock.ts';
import { hashOpaque } from '../../src/server/modules/auth/tokens.ts';
import { WalletEvents } from '../../src/server/modules/ledger/events.ts';
import { post } from '../../src/server/modules/ledger/ledger.ts';
import { type Bus, createRedisBus, openBus } from '../../src/server/realtime/bus.ts';
import { publishEvent } from '../../src/server/realtime/gateway.ts';
import type { FeedItem } from '../../src/shared/wire/bets.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, lastCode, refreshCookie, register, STRONG_PASSWORD } from '../helpers/auth.ts';
import { withTwoInstances } from '../helpers/instances.ts';
import { openSocket } from '../helpers/socket.ts';

/** A feed event as the games module publishes it. */
const FEED_ITEM: FeedItem = {
  id: '1',
  game: 'dice',
  player: 'Nova',
  currency: 'RUB',
  amount: '1.00',
  multiplier: '1.98',
  payout: '1.98',
  created_at: '2026-11-24T00:00:00.000Z',
};

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/ws`;
});
afterAll(async () => {
  await t?.close();
});

/** Opens a socket (on this file's app unless given another's `/ws`) and collects its messages. */
async function connect(at = url) {
  const { socket, messages, next } = await openSocket(at);
  /**
   * The player-channel events received so far. A ping's pong comes after every frame the server
   * sent before it read the ping, so an event already forwarded to this socket is counted.
   */
  const playerEvents = async () => {
    socket.send(JSON.stringify({ type: 'ping' }));
    await next('pong');
    return messages.filter((m) => m.type === 'event' && String(m.channel).startsWith('user:'));
  };
  /** Sends `auth` and waits for its answer. */
  const auth = async (token: string) => {
    socket.send(JSON.stringify({ type: 'auth', token }));
    return next((m) => m.type === 'authenticated' || m.type === 'error');
  };
  return { socket, next, playerEvents, auth, messages };
}

describe('/ws', () => {
  test('greets, answers ping, and delivers channel events', async () => {
    const { socket, next } = await connect();
    expect(await next('hello')).toMatchObject({ type: 'hello' });
    socket.send(JSON.stringify({ type: 'ping' }));
    expect(await next('pong')).toMatchObject({ type: 'pong' });
    socket.send(JSON.stringify({ type: 'subscribe', channel: 'feed:bets' }));
    await next('subscribed');
    await publishEvent(t.bus, 'feed:bets', 7, FEED_ITEM);
    expect(await next('event')).toEqual({
      type: 'event',
      channel: 'feed:bets',
      version: 7,
      data: FEED_ITEM,
    });
    socket.close();
  });

  test('refuses channels that are not public and malformed messages', async () => {
    const { socket, next } = await connect();
    socket.send(JSON.stringify({ type: 'subscribe', channel: 'user:1' }));
    expect(await next('error')).toEqual({ type: 'error', code: 'forbidden_channel' });
    socket.send('not json');
    expect(await next('error')).toEqual({ type: 'error', code: 'bad_message' });
    socket.close();
  });
});

describe('the player channel', () => {
  test('an authenticated socket receives its balance after a money change, others do not', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/api/v2/auth/register/email',
      payload: { email: `ws.${Date.now()}@example.com`, password: 'Orbit-7-Nebula!', currency: 'EUR' },
    });
    const token = reg.json().token as string;
    const userId = String(
      (await t.app.inject({ url: '/api/profile/user', headers: { authorization: `Bearer ${token}` } })).json()
        .user.id,
    );
    const mine = await connect();
    const stranger = await connect();
    mine.socket.send(JSON.stringify({ type: 'auth', token }));
    expect(await mine.next('authenticated')).toEqual({ type: 'authenticated', channel: `user:${userId}` });
    stranger.socket.send(JSON.stringify({ type: 'auth', token: 'forged.token.value' }));
    expect(await stranger.next('error')).toEqual({ type: 'error', code: 'unauthorized' });
    stranger.socket.send(JSON.stringify({ type: 'subscribe', channel: `user:${userId}` }));
    expect(await stranger.next('error')).toEqual({ type: 'error', code: 'forbidden_channel' });
    await post(t.database, {
      idempotencyKey: `ws-credit-${userId}`,
      kind: 'adjustment',
      currency: 'EUR',
      request: {},
      postings: [
        { account: { system: 'house' }, amount: -1234n },
        { account: { userId, kind: 'cash' }, amount: 1234n },
      ],
      answer: () => null,
    });
    await new WalletEvents(t.database, t.bus).balanceChanged(userId);
    const event = await mine.next('event');
    expect(event).toMatchObject({
      channel: `user:${userId}`,
      data: { type: 'balance', balance: '12.34', total_balance: '12.34', currency: 'EUR' },
    });
    mine.socket.close();
    stranger.socket.close();
  });
});

/** A player logged in twice (two sessions), with the tokens of both. */
async function playerWithTwoSessions(app: TestApp = t) {
  const first = await register(app, { currency: 'EUR' });
  const login = await app.app.inject({
    method: 'POST',
    url: '/api/api/v2/auth/login/email/password',
    payload: { email: first.email, password: STRONG_PASSWORD },
  });
  const second = { token: login.json().token as string, refresh: refreshCookie(login) as string };
  const profile = await app.app.inject({ url: '/api/profile/user', headers: bearer(first.token) });
  return { email: first.email, userId: String(profile.json().user.id), first, second };
}

type Player = Awaited<ReturnType<typeof playerWithTwoSessions>>;

/**
 * Ways a session ends. Each ends the first session and answers the token of a session still live
 * (the second one, or the one a password reset opens).
 */
const endings: Array<[string, (p: Player) => Promise<string>]> = [
  [
    'logout',
    async (p) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/logout',
        headers: bearer(p.first.token),
      });
      expect(res.statusCode).toBe(200);
      return p.second.token;
    },
  ],
  [
    'a password change in another session',
    async (p) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/password/update',
        headers: bearer(p.second.token),
        payload: {
          old_password: STRONG_PASSWORD,
          password: 'New-Orbit-Pass-9',
          password_confirm: 'New-Orbit-Pass-9',
        },
      });
      expect(res.statusCode).toBe(200);
      return p.second.token;
    },
  ],
  [
    '"log out other sessions"',
    async (p) => {
      const res = await t.app.inject({
        method: 'DELETE',
        url: '/api/profile/sessions/others',
        headers: bearer(p.second.token),
      });
      expect(res.json()).toEqual({ success: true, revoked: 1 });
      return p.second.token;
    },
  ],
  [
    'a password reset',
    async (p) => {
      await t.app.inject({
        method: 'POST',
        url: '/api/api/v2/auth/password/email/forgot',
        payload: { email: p.email },
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/api/v2/auth/password/email/reset/code',
        payload: {
          email: p.email,
          code: await lastCode(t, p.email),
          password: 'Reset-Orbit-Pass-8',
          password_confirmation: 'Reset-Orbit-Pass-8',
        },
      });
      expect(res.statusCode).toBe(200);
      return res.json().token as string;
    },
  ],
  [
    'refresh-token reuse',
    async (p) => {
      const refresh = (token: string) =>
        t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', cookies: { refresh_token: token } });
      expect((await refresh(p.first.refresh)).statusCode).toBe(200);
      // Replayed a minute after its rotation: past the grace window, so reuse.
      await t.database.query(
        "update refresh_tokens set used_at = used_at - interval '1 minute' where token_hash = $1",
        [hashOpaque(p.first.refresh)],
      );
      expect((await refresh(p.first.refresh)).statusCode).toBe(401);
      return p.second.token;
    },
  ],
];

describe('a socket after its session ends', () => {
  test.each(endings)(
    "after %s the ended session's socket gets no more balance events, a live session's socket does, and public channels stay",
    async (_name, end) => {
      const player = await playerWithTwoSessions();
      const channel = `user:${player.userId}`;
      const ended = await connect();
      expect(await ended.auth(player.first.token)).toEqual({ type: 'authenticated', channel });
      ended.socket.send(JSON.stringify({ type: 'subscribe', channel: 'feed:bets' }));
      await ended.next('subscribed');

      const liveToken = await end(player);
      expect(await ended.next('unauthenticated')).toEqual({
        type: 'unauthenticated',
        channel,
        reason: 'revoked',
      });
      const live = await connect();
      expect(await live.auth(liveToken)).toEqual({ type: 'authenticated', channel });

      await new WalletEvents(t.database, t.bus).balanceChanged(player.userId);
      expect(await live.next('event')).toMatchObject({ channel, data: { type: 'balance' } });
      expect(await ended.playerEvents()).toEqual([]);
      // The ended session's token no longer opens the channel; the feed still arrives.
      expect(await ended.auth(player.first.token)).toEqual({ type: 'error', code: 'unauthorized' });
      await publishEvent(t.bus, 'feed:bets', 1, FEED_ITEM);
      expect(await ended.next('event')).toMatchObject({ channel: 'feed:bets' });
      ended.socket.close();
      live.socket.close();
    },
  );

  test('when the access token expires without a new auth the channel is dropped; a fresh token extends it', async () => {
    // The app's clock starts on a whole second: the first tokens expire 3 s from it exactly.
    const clock = new ManualClock(Math.ceil(Date.now() / 1000) * 1000);
    const firstExpiry = clock.now() + 3000;
    const short = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: '3' }, { clock });
    try {
      const at = `${(await short.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
      const player = await playerWithTwoSessions(short);
      const channel = `user:${player.userId}`;
      const lapsing = await connect(at);
      const renewed = await connect(at);
      expect(await lapsing.auth(player.first.token)).toEqual({ type: 'authenticated', channel });
      expect(await renewed.auth(player.first.token)).toEqual({ type: 'authenticated', channel });
      // Tokens expire on whole seconds: one refreshed a second later (on the moved clock) outlives the first.
      clock.advance(1100);
      const refreshed = await short.app.inject({
        method: 'POST',
        url: '/api/auth/refresh-token',
        cookies: { refresh_token: player.first.refresh },
      });
      const fresh = refreshed.json().access_token as string;
      expect(await renewed.auth(fresh)).toEqual({ type: 'authenticated', channel });
      // The first tokens' lifetime ends on the clock; the lapsing socket's timer finds it over.
      clock.set(firstExpiry);

      expect(await lapsing.next('unauthenticated')).toEqual({
        type: 'unauthenticated',
        channel,
        reason: 'expired',
      });
      const late = await connect(at);
      expect(await late.auth(fresh)).toEqual({ type: 'authenticated', channel });
      await new WalletEvents(short.database, short.bus).balanceChanged(player.userId);
      expect(await renewed.next('event')).toMatchObject({ channel });
      expect(await late.next('event')).toMatchObject({ channel });
      expect(await lapsing.playerEvents()).toEqual([]);
      expect(renewed.messages.filter((m) => m.type === 'unauthenticated')).toEqual([]);

      // The browser's answer to `expired`: auth again with a refreshed token.
      expect(await lapsing.auth(fresh)).toEqual({ type: 'authenticated', channel });
      await new WalletEvents(short.database, short.bus).balanceChanged(player.userId);
      expect(await lapsing.next('event')).toMatchObject({ channel });
      for (const c of [lapsing, renewed, late]) c.socket.close();
    } finally {
      await short.close();
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('two instances on one database and one Redis', () => {
  test('a logout through instance 2 drops the private channel of its socket on instance 1', async () => {
    await withTwoInstances(async (one, two) => {
      const at = `${(await one.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
      const player = await playerWithTwoSessions(two);
      const channel = `user:${player.userId}`;
      const ended = await connect(at);
      const live = await connect(at);
      expect(await ended.auth(player.first.token)).toEqual({ type: 'authenticated', channel });
      expect(await live.auth(player.second.token)).toEqual({ type: 'authenticated', channel });

      const logout = await two.app.inject({
        method: 'PUT',
        url: '/api/auth/logout',
        headers: bearer(player.first.token),
      });
      expect(logout.statusCode).toBe(200);
      expect(await ended.next('unauthenticated')).toEqual({
        type: 'unauthenticated',
        channel,
        reason: 'revoked',
      });
      await new WalletEvents(two.database, two.bus).balanceChanged(player.userId);
      expect(await live.next('event')).toMatchObject({ channel, data: { type: 'balance' } });
      expect(await ended.playerEvents()).toEqual([]);
      ended.socket.close();
      live.socket.close();
    });
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('Redis bus', () => {
  test('fans a message out to another instance', async () => {
    const prefix = `test-${Date.now()}:`;
    const a = await createRedisBus(process.env.TEST_REDIS_URL as string, prefix);
    const b = await createRedisBus(process.env.TEST_REDIS_URL as string, prefix);
    try {
      const received = new Promise<string>((resolve) => {
        void b.subscribe('game:crash', resolve);
      });
      await new Promise((r) => setTimeout(r, 50));
      await a.publish('game:crash', '{"x":1}');
      expect(await received).toBe('{"x":1}');
      await a.ping();
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('deployments sharing one Redis (REDIS_PREFIX)', () => {
  test('by default two deployments hear only their own events; two instances of one hear each other', async () => {
    const redis = process.env.TEST_REDIS_URL as string;
    // Two deployments: each its own database (a name no other run uses), one Redis, no REDIS_PREFIX.
    const run = `${Date.now()}_${Math.random().toString(36).slice(2)}`;
    const env = (database: string) => ({
      REDIS_URL: redis,
      DATABASE_URL: `postgres://casino@db.internal:5432/${database}_${run}`,
      DATA_DIR: './data',
    });
    const buses: Bus[] = [];
    const open = async (database: string) => {
      const bus = await openBus(env(database));
      buses.push(bus);
      return bus;
    };
    try {
      const [a1, a2, b] = [await open('casino_a'), await open('casino_a'), await open('casino_b')];
      const heard = { a2: [] as string[], b: [] as string[] };
      const last = { a2: Promise.withResolvers<void>(), b: Promise.withResolvers<void>() };
      for (const [name, bus, own] of [
        ['a2', a2, 'a'],
        ['b', b, 'b'],
      ] as const) {
        await bus.subscribe('feed:bets', (payload) => {
          heard[name].push(payload);
          if (payload === own) last[name].resolve();
        });
      }
      // Redis delivers in the order it ran the PUBLISHes: once b hears its own 'b', published
      // after 'a', it would have heard 'a' first had it shared the channel.
      await a1.publish('feed:bets', 'a');
      await b.publish('feed:bets', 'b');
      await Promise.all([last.a2.promise, last.b.promise]);
      expect(heard.b).toEqual(['b']);
      expect(heard.a2).toEqual(['a']);
    } finally {
      for (const bus of buses) await bus.close();
    }
  });
});
