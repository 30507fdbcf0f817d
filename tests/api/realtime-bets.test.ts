import fastifyWebsocket from '@fastify/websocket';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMemoryBus } from '../../src/server/realtime/bus.ts';
import { realtimeGateway } from '../../src/server/realtime/gateway.ts';
import { fromMinor } from '../../src/shared/money.ts';
import { RELAY_IN_FLIGHT } from '../../src/shared/wire/realtime.ts';
import { gamesBench, type Player } from '../helpers/games.ts';
import { openSocket } from '../helpers/socket.ts';

/**
 * Bets over `/ws` (docs/api-money.md "Bets over the socket", src/server/realtime/relay.ts): a
 * socket's `request` is the same POST as over HTTP, with the socket's token, under its
 * Idempotency-Key; anything it may not do is refused and changes nothing.
 */
const g = gamesBench();
const { player, call, cash } = g;
const under50 = { amount: '1', target: '50', direction: 'under' };
let url: string;

beforeAll(async () => {
  const address = await g.t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/ws`;
});

async function connect(at = () => url) {
  const { socket, next } = await openSocket(at());
  let ids = 0;
  return {
    socket,
    next,
    async auth(p: Player) {
      const token = p.headers.authorization!.slice('Bearer '.length);
      socket.send(JSON.stringify({ type: 'auth', token }));
      return next((m) => m.type === 'authenticated' || m.type === 'error');
    },
    /** Sends a `request` and waits for its `response`. */
    async request(path: string, body: Record<string, unknown>, key: string) {
      const id = ids++;
      socket.send(JSON.stringify({ type: 'request', id, method: 'POST', path, key, body }));
      const answer = await next((m) => m.type === 'response' && m.id === id);
      return answer as { status: number; body: { data?: { bet: { id: string }; balance: string } } };
    },
  };
}

async function betCount(p: Player) {
  return (await call(p, 'GET', '/games/bets?per_page=1')).json().meta.total as number;
}

describe('bets over the socket', () => {
  test('a dice bet answers as over HTTP, and its key replays it over either path', async () => {
    const p = await player(100_00n);
    const ws = await connect();
    expect(await ws.auth(p)).toMatchObject({ type: 'authenticated' });
    const answer = await ws.request('/games/dice/bet', under50, 'socket-bet-1');
    expect(answer.status).toBe(200);
    const { bet, balance } = answer.body.data!;
    const payout = BigInt(Math.round(Number((bet as unknown as { payout: string }).payout) * 100));
    expect(await cash(p)).toBe(100_00n - 1_00n + payout);
    expect(balance).toBe(fromMinor(100_00n - 1_00n + payout));
    // The same key over HTTP (the browser's fallback) and over the socket again: the first answer.
    const overHttp = await call(p, 'POST', '/games/dice/bet', under50, 'socket-bet-1');
    expect(overHttp.statusCode).toBe(200);
    expect(overHttp.json().data.bet.id).toBe(bet.id);
    expect((await ws.request('/games/dice/bet', under50, 'socket-bet-1')).body.data!.bet.id).toBe(bet.id);
    expect(await betCount(p)).toBe(1);
    expect(await cash(p)).toBe(100_00n - 1_00n + payout);
    ws.socket.close();
  });

  test('refusals change nothing: no player on the socket, another path, a bad body, a logged-out session', async () => {
    const p = await player(100_00n);
    const ws = await connect();
    // Before `auth`: 401.
    expect((await ws.request('/games/dice/bet', under50, 'socket-anon')).status).toBe(401);
    await ws.auth(p);
    // Not an instant bet path: 404 (the socket is not a general API tunnel).
    expect((await ws.request('/profile/user', {}, 'socket-other')).status).toBe(404);
    expect((await ws.request('/games/crash/bet', { amount: '1' }, 'socket-crash')).status).toBe(404);
    // Validation answers as over HTTP: 422 with the field.
    const bad = await ws.request('/games/dice/bet', { ...under50, target: '99.99' }, 'socket-bad');
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.body as unknown as { errors: object }).errors)).toContain('target');
    // A message without a key is not a request at all.
    ws.socket.send(
      JSON.stringify({ type: 'request', id: 99, method: 'POST', path: '/games/dice/bet', body: under50 }),
    );
    expect(await ws.next((m) => m.type === 'error')).toEqual({ type: 'error', code: 'bad_message' });
    expect(await cash(p)).toBe(100_00n);
    expect(await betCount(p)).toBe(0);
    // Logging out ends the session on the socket too.
    expect((await call(p, 'PUT', '/auth/logout')).statusCode).toBeLessThan(300);
    await ws.next((m) => m.type === 'unauthenticated');
    expect((await ws.request('/games/dice/bet', under50, 'socket-after-logout')).status).toBe(401);
    expect(await cash(p)).toBe(100_00n);
    ws.socket.close();
  });

  test('consecutive bets from one socket keep the money exact', async () => {
    const p = await player(100_00n);
    const ws = await connect();
    await ws.auth(p);
    const answers = await Promise.all(
      Array.from({ length: RELAY_IN_FLIGHT }, (_, i) =>
        ws.request('/games/dice/bet', under50, `socket-many-${i}`),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const paid = answers.reduce(
      (sum, a) =>
        sum + BigInt(Math.round(Number((a.body.data!.bet as unknown as { payout: string }).payout) * 100)),
      0n,
    );
    expect(await cash(p)).toBe(100_00n - BigInt(RELAY_IN_FLIGHT) * 1_00n + paid);
    expect(await betCount(p)).toBe(RELAY_IN_FLIGHT);
    ws.socket.close();
  });
});

describe('the in-flight bound', () => {
  let address: string;
  const held: Array<() => void> = [];
  const app = Fastify();
  beforeAll(async () => {
    await app.register(fastifyWebsocket);
    await app.register(realtimeGateway, {
      bus: createMemoryBus(),
      authenticator: {
        verify: async () => ({ userId: '1', sessionId: 's', expiresAt: Date.now() + 60_000 }),
        isLive: async () => true,
      },
      // A relay that answers only when the test lets it.
      relay: () => new Promise((resolve) => held.push(() => resolve({ status: 200, body: '{"data":{}}' }))),
    });
    address = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  });
  afterAll(() => app.close());

  test(`a socket with ${RELAY_IN_FLIGHT} requests in flight gets 429 for the next, and room again after an answer`, async () => {
    const ws = await connect(() => `${address}/ws`);
    ws.socket.send(JSON.stringify({ type: 'auth', token: 'any' }));
    await ws.next((m) => m.type === 'authenticated');
    const first = Array.from({ length: RELAY_IN_FLIGHT }, (_, i) =>
      ws.request('/games/dice/bet', {}, `k${i}`),
    );
    await expect.poll(() => held.length).toBe(RELAY_IN_FLIGHT);
    expect((await ws.request('/games/dice/bet', {}, 'over')).status).toBe(429);
    held.shift()!();
    expect((await first[0]!).status).toBe(200);
    const again = ws.request('/games/dice/bet', {}, 'again');
    await expect.poll(() => held.length).toBe(RELAY_IN_FLIGHT);
    for (const release of held.splice(0)) release();
    expect((await again).status).toBe(200);
    ws.socket.close();
  });
});
