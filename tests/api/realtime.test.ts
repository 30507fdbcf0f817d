import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { WalletEvents } from '../../src/server/modules/wallet/events.ts';
import { post } from '../../src/server/modules/wallet/ledger.ts';
import { createRedisBus } from '../../src/server/realtime/bus.ts';
import { publishEvent } from '../../src/server/realtime/gateway.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

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

/** Opens a socket and collects its messages. */
async function connect() {
  const socket = new WebSocket(url);
  const messages: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (raw) => {
    messages.push(JSON.parse(raw.toString()));
    for (const w of waiters.splice(0)) w();
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const next = async (type: string) => {
    for (;;) {
      const index = messages.findIndex((m) => m.type === type);
      if (index >= 0) return messages.splice(index, 1)[0] as Record<string, unknown>;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { socket, next };
}

describe('/ws', () => {
  test('greets, answers ping, and delivers channel events', async () => {
    const { socket, next } = await connect();
    expect(await next('hello')).toMatchObject({ type: 'hello' });
    socket.send(JSON.stringify({ type: 'ping' }));
    expect(await next('pong')).toMatchObject({ type: 'pong' });
    socket.send(JSON.stringify({ type: 'subscribe', channel: 'feed:bets' }));
    await next('subscribed');
    await publishEvent(t.bus, 'feed:bets', 7, { amount: '1.00' });
    expect(await next('event')).toEqual({
      type: 'event',
      channel: 'feed:bets',
      version: 7,
      data: { amount: '1.00' },
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
