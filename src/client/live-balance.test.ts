import { describe, expect, test, vi } from 'vitest';
import { setUser, type User } from '../stores/user.ts';
import { applyBalanceEvent, startLiveBalance } from './live-balance.ts';
import { clearSession, refreshProfile } from './session.ts';
import { onTokenWritten, readToken } from './token.ts';

// The session layer and the token cookie are the browser's; the socket tests drive them by hand.
vi.mock('./session.ts', () => ({ refreshProfile: vi.fn(), clearSession: vi.fn() }));
vi.mock('./token.ts', () => ({ readToken: vi.fn(), onTokenWritten: vi.fn() }));

const user = {
  id: 1,
  currency: 'RUB',
  balance: '0.00',
  bonus_balance: '0.00',
  total_balance: '0.00',
} as User;
const event = (version: number, balance: string, extra: Record<string, unknown> = {}) => ({
  type: 'event',
  channel: 'user:1',
  version,
  data: {
    type: 'balance',
    balance,
    bonus_balance: '5.00',
    total_balance: balance,
    currency: 'RUB',
    ...extra,
  },
});

describe('live balance', () => {
  test('a balance event updates the three amounts and remembers its version', () => {
    const next = applyBalanceEvent(user, event(10, '500.00'), 0);
    expect(next?.version).toBe(10);
    expect(next?.user).toMatchObject({ balance: '500.00', bonus_balance: '5.00', total_balance: '500.00' });
  });

  test('older versions, other currencies, other messages and guests are ignored', () => {
    expect(applyBalanceEvent(user, event(9, '1.00'), 10)).toBeNull();
    expect(applyBalanceEvent(user, event(11, '1.00', { currency: 'USD' }), 10)).toBeNull();
    expect(applyBalanceEvent(user, { type: 'authenticated', channel: 'user:1' }, 0)).toBeNull();
    expect(applyBalanceEvent(user, { type: 'event', version: 1, data: { type: 'bet' } }, 0)).toBeNull();
    expect(applyBalanceEvent(null, event(11, '1.00'), 0)).toBeNull();
  });
});

/** A WebSocket stand-in: records what the client sends, delivers what the test says. */
class FakeSocket {
  static readonly OPEN = 1;
  static readonly all: FakeSocket[] = [];
  readyState = 0;
  readonly sent: Array<Record<string, unknown>> = [];
  readonly #listeners = new Map<string, Array<(event: unknown) => void>>();
  constructor() {
    FakeSocket.all.push(this);
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    for (const listener of this.#listeners.get('open') ?? []) listener({});
  }
  receive(message: unknown) {
    for (const listener of this.#listeners.get('message') ?? []) listener({ data: JSON.stringify(message) });
  }
  auths() {
    return this.sent.filter((m) => m.type === 'auth').map((m) => m.token);
  }
}

// The tab's one socket (src/client/realtime.ts), driven through the live balance.
describe('the live-balance socket', () => {
  test('re-authenticates after the server drops the channel, and stays out after a logout', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('window', { location: { protocol: 'http:', host: 'localhost' }, addEventListener() {} });
    let cookie: string | null = 'token-1';
    vi.mocked(readToken).mockImplementation(() => cookie);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    try {
      startLiveBalance();
      vi.mocked(refreshProfile).mockResolvedValue(user);
      setUser(user);
      const written = vi.mocked(onTokenWritten).mock.calls[0]?.[0] as (token: string) => void;
      const socket = FakeSocket.all.at(-1) as FakeSocket;
      socket.open();
      expect(socket.auths()).toEqual(['token-1']);
      socket.receive({ type: 'authenticated', channel: 'user:1' });

      // Token expired: the profile reload refreshes it (session.ts writes it), which re-auths once.
      vi.mocked(refreshProfile).mockImplementationOnce(async () => {
        cookie = 'token-2';
        written('token-2');
        return user;
      });
      socket.receive({ type: 'unauthenticated', channel: 'user:1', reason: 'expired' });
      await settle();
      expect(socket.auths()).toEqual(['token-1', 'token-2']);

      // Another tab refreshed: this tab heard of no new token but the cookie has one.
      cookie = 'token-3';
      socket.receive({ type: 'unauthenticated', channel: 'user:1', reason: 'expired' });
      await settle();
      expect(socket.auths()).toEqual(['token-1', 'token-2', 'token-3']);

      // Logged out in another tab: no token is left, the profile call fails, this tab logs out.
      cookie = null;
      vi.mocked(refreshProfile).mockRejectedValueOnce(new Error('401'));
      socket.receive({ type: 'unauthenticated', channel: 'user:1', reason: 'revoked' });
      await settle();
      expect(clearSession).toHaveBeenCalledTimes(1);
      setUser(null);
      expect(socket.readyState).toBe(3);
      written('token-4');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(socket.auths()).toEqual(['token-1', 'token-2', 'token-3']);
      expect(FakeSocket.all).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
