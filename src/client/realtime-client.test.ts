import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { RealtimeConnection } from '../stores/realtime.ts';
import { backoffMs, createRealtimeClient, type RealtimeDeps, socketUrl } from './realtime-client.ts';

/** A WebSocket stand-in: records what the client sends, delivers what the test says. */
class FakeSocket {
  readyState = 0;
  readonly sent: Array<Record<string, unknown>> = [];
  readonly #listeners = new Map<string, Array<(event: { data: unknown }) => void>>();
  addEventListener(type: string, listener: (event: { data: unknown }) => void) {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  #emit(type: string, data: unknown = undefined) {
    for (const listener of this.#listeners.get(type) ?? []) listener({ data });
  }
  open() {
    this.readyState = 1;
    this.#emit('open');
  }
  /** The server or the network ends the socket. */
  drop() {
    this.readyState = 3;
    this.#emit('close');
  }
  receive(message: unknown) {
    this.#emit('message', JSON.stringify(message));
  }
  types() {
    return this.sent.map(
      (m) => `${m.type}${m.channel ? ` ${m.channel}` : ''}${m.token ? ` ${m.token}` : ''}`,
    );
  }
}

let sockets: FakeSocket[];
let token: string | null;
let tokenListeners: Array<() => void>;
let connections: RealtimeConnection[];
let deps: RealtimeDeps;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  token = 'token-1';
  tokenListeners = [];
  connections = [];
  deps = {
    connect: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    token: () => token,
    onToken: (listener) => void tokenListeners.push(listener),
    reloadSession: vi.fn(async () => undefined),
    endSession: vi.fn(),
    onConnection: (connection) => void connections.push(connection),
    backoff: (attempt) => 1000 * (attempt + 1),
  };
});
afterEach(() => {
  vi.useRealTimers();
});

const lastSocket = () => sockets.at(-1) as FakeSocket;
const feedEvent = (version: number, id = String(version)) => ({
  type: 'event',
  channel: 'feed:bets',
  version,
  data: { id },
});

describe('the realtime client', () => {
  test('reconnects back off up to 30 s; the socket follows the page protocol', () => {
    expect(backoffMs(0, () => 0.5)).toBe(500);
    expect(backoffMs(3, () => 0.5)).toBe(4000);
    expect(backoffMs(20, () => 0.5)).toBe(30_000);
    expect(socketUrl({ protocol: 'https:', host: 'orbita.example' })).toBe('wss://orbita.example/ws');
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/ws');
  });

  test('one socket carries the feeds and the player channel; the last unsubscribe closes it', () => {
    const client = createRealtimeClient(deps);
    const feed = vi.fn();
    const balance = vi.fn();
    const offFeed = client.subscribe('feed:bets', { event: feed });
    const offHigh = client.subscribe('feed:high-rollers', { event: vi.fn() });
    const offBalance = client.subscribe('user:7', { event: balance });
    expect(sockets).toHaveLength(1);
    lastSocket().open();
    expect(lastSocket().types()).toEqual([
      'subscribe feed:bets',
      'subscribe feed:high-rollers',
      'auth token-1',
    ]);

    lastSocket().receive(feedEvent(3));
    const data = {
      type: 'balance',
      balance: '1.00',
      bonus_balance: '0.00',
      total_balance: '1.00',
      currency: 'RUB',
    };
    lastSocket().receive({ type: 'event', channel: 'user:7', version: 10, data });
    expect(feed).toHaveBeenCalledWith({ id: '3' }, 3);
    expect(balance).toHaveBeenCalledWith(data, 10);

    offHigh();
    offBalance();
    expect(lastSocket().types().slice(3)).toEqual(['unsubscribe feed:high-rollers', 'unsubscribe user:7']);
    expect(lastSocket().readyState).toBe(1);
    offFeed();
    expect(lastSocket().readyState).toBe(3);
    expect(connections).toEqual(['connecting', 'open', 'idle']);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  test('two readers of a channel share one subscription', () => {
    const client = createRealtimeClient(deps);
    const first = vi.fn();
    const second = vi.fn();
    const offFirst = client.subscribe('feed:bets', { event: first });
    lastSocket().open();
    const offSecond = client.subscribe('feed:bets', { event: second });
    lastSocket().receive(feedEvent(1));
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 1]);
    offFirst();
    expect(lastSocket().types()).toEqual(['subscribe feed:bets']);
    offSecond();
    expect(lastSocket().types()).toEqual(['subscribe feed:bets', 'unsubscribe feed:bets']);
  });

  test('after a drop it reconnects with backoff, subscribes and authenticates again, and readers reload', () => {
    const client = createRealtimeClient(deps);
    const feedGap = vi.fn();
    const balanceGap = vi.fn();
    client.subscribe('feed:bets', { event: vi.fn(), gap: feedGap });
    client.subscribe('user:7', { event: vi.fn(), gap: balanceGap, gapOnFirstJoin: true });
    lastSocket().open();
    lastSocket().receive({ type: 'subscribed', channel: 'feed:bets' });
    lastSocket().receive({ type: 'authenticated', channel: 'user:7' });
    // The feed loaded its rows as it subscribed; the balance's profile predates the subscription.
    expect([feedGap.mock.calls.length, balanceGap.mock.calls.length]).toEqual([0, 1]);

    lastSocket().drop();
    expect(connections.at(-1)).toBe('waiting');
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    token = 'token-2';
    lastSocket().open();
    expect(lastSocket().types()).toEqual(['subscribe feed:bets', 'auth token-2']);
    lastSocket().receive({ type: 'subscribed', channel: 'feed:bets' });
    lastSocket().receive({ type: 'authenticated', channel: 'user:7' });
    expect([feedGap.mock.calls.length, balanceGap.mock.calls.length]).toEqual([1, 2]);

    // Two failed attempts: the delay grows; an open resets it.
    lastSocket().drop();
    vi.advanceTimersByTime(1000);
    lastSocket().drop();
    vi.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(4);
  });

  /** A client whose socket is open and has joined `user:7`; returns the channel's gap callback. */
  const joinedPlayer = () => {
    const gap = vi.fn();
    createRealtimeClient(deps).subscribe('user:7', { event: vi.fn(), gap });
    lastSocket().open();
    lastSocket().receive({ type: 'authenticated', channel: 'user:7' });
    return gap;
  };

  test('a new token is sent at once; a re-auth on a joined channel is no gap', () => {
    const gap = joinedPlayer();
    token = 'token-2';
    for (const listener of tokenListeners) listener();
    expect(lastSocket().types()).toEqual(['auth token-1', 'auth token-2']);
    lastSocket().receive({ type: 'authenticated', channel: 'user:7' });
    expect(gap).not.toHaveBeenCalled();
  });

  test('the player channel dropped by the server goes to the session logic, then authenticates again', async () => {
    const gap = joinedPlayer();
    // Another tab refreshed the token meanwhile: the reload finds it in the cookie.
    token = 'token-2';
    lastSocket().receive({ type: 'unauthenticated', channel: 'user:7', reason: 'expired' });
    await vi.waitFor(() => expect(lastSocket().types()).toEqual(['auth token-1', 'auth token-2']));
    expect(deps.reloadSession).toHaveBeenCalledTimes(1);
    lastSocket().receive({ type: 'authenticated', channel: 'user:7' });
    expect(gap).toHaveBeenCalledTimes(1);

    // Logged out elsewhere: no token is left and the reload fails: this tab logs out.
    token = null;
    vi.mocked(deps.reloadSession).mockRejectedValueOnce(new Error('401'));
    lastSocket().receive({ type: 'unauthenticated', channel: 'user:7', reason: 'revoked' });
    await vi.waitFor(() => expect(deps.endSession).toHaveBeenCalledTimes(1));
  });

  test('a refused auth asks the session for a fresh token once until the next join', () => {
    const client = createRealtimeClient(deps);
    client.subscribe('user:7', { event: vi.fn() });
    lastSocket().open();
    lastSocket().receive({ type: 'error', code: 'unauthorized' });
    lastSocket().receive({ type: 'error', code: 'unauthorized' });
    expect(deps.reloadSession).toHaveBeenCalledTimes(1);
    lastSocket().receive({ type: 'authenticated', channel: 'user:7' });
    lastSocket().receive({ type: 'error', code: 'unauthorized' });
    expect(deps.reloadSession).toHaveBeenCalledTimes(2);
  });

  test('versions: a sequence gap reloads, repeats and stale balance events are dropped, feeds pass', () => {
    const client = createRealtimeClient(deps);
    const crash = { event: vi.fn(), gap: vi.fn() };
    const balance = vi.fn();
    const feed = vi.fn();
    client.subscribe('game:crash', crash);
    client.subscribe('user:7', { event: balance });
    client.subscribe('feed:bets', { event: feed });
    lastSocket().open();
    lastSocket().receive({ type: 'subscribed', channel: 'game:crash' });
    const send = (channel: string, version: number) =>
      lastSocket().receive({ type: 'event', channel, version, data: { version } });

    for (const version of [5, 6, 6, 4, 9]) send('game:crash', version);
    expect(crash.event.mock.calls.map(([, version]) => version)).toEqual([5, 6, 9]);
    expect(crash.gap).toHaveBeenCalledTimes(1);

    for (const version of [100, 100, 90, 120]) send('user:7', version);
    expect(balance.mock.calls.map(([, version]) => version)).toEqual([100, 100, 120]);

    for (const version of [30, 10, 20]) send('feed:bets', version);
    expect(feed.mock.calls.map(([, version]) => version)).toEqual([30, 10, 20]);

    // After a reconnect the rejoin reloads and the sequence starts again.
    lastSocket().drop();
    vi.advanceTimersByTime(1000);
    lastSocket().open();
    lastSocket().receive({ type: 'subscribed', channel: 'game:crash' });
    expect(crash.gap).toHaveBeenCalledTimes(2);
    send('game:crash', 2);
    expect(crash.event.mock.calls.at(-1)?.[1]).toBe(2);
    expect(crash.gap).toHaveBeenCalledTimes(2);
  });

  test('anything that is not a server message, or for a channel nobody follows, is ignored', () => {
    const client = createRealtimeClient(deps);
    const feed = vi.fn();
    client.subscribe('feed:bets', { event: feed });
    lastSocket().open();
    lastSocket().receive('nonsense');
    lastSocket().receive({ type: 'event', channel: 'feed:bets', version: 'x', data: {} });
    lastSocket().receive({ type: 'event', channel: 'feed:high-rollers', version: 1, data: {} });
    lastSocket().receive({ type: 'hello', serverTime: 1, instance: 'a' });
    expect(feed).not.toHaveBeenCalled();
  });

  test('requests go out only with the player channel joined, pair with their answers, and end with the socket', async () => {
    const client = createRealtimeClient(deps);
    const call = { method: 'POST' as const, path: '/games/dice/bet', key: 'k', body: { amount: '1' } };
    // No socket yet: nothing to send over, the caller goes over HTTP.
    expect(await client.request(call)).toBeNull();
    client.subscribe('user:7', { event: vi.fn() });
    lastSocket().open();
    expect(await client.request(call)).toBeNull(); // `auth` sent, not yet answered
    lastSocket().receive({ type: 'authenticated', channel: 'user:7' });
    const first = client.request(call);
    const second = client.request({ ...call, key: 'k2' });
    const sent = lastSocket().sent.filter((m) => m.type === 'request');
    expect(sent.map((m) => [m.id, m.key])).toEqual([
      [0, 'k'],
      [1, 'k2'],
    ]);
    // Answers in any order reach their own callers.
    lastSocket().receive({ type: 'response', id: 1, status: 422, body: { errors: { amount: ['x'] } } });
    lastSocket().receive({ type: 'response', id: 0, status: 200, body: { data: { ok: true } } });
    expect(await first).toEqual({ status: 200, body: { data: { ok: true } } });
    expect(await second).toEqual({ status: 422, body: { errors: { amount: ['x'] } } });
    // A socket that closes, or an answer that never comes, leaves the caller to HTTP.
    const dropped = client.request(call);
    lastSocket().drop();
    expect(await dropped).toBeNull();
    vi.advanceTimersByTime(1000);
    lastSocket().open();
    lastSocket().receive({ type: 'authenticated', channel: 'user:7' });
    const silent = client.request(call, 5_000);
    vi.advanceTimersByTime(5_000);
    expect(await silent).toBeNull();
  });
});
