import { describe, expect, test } from 'vitest';
import type { User } from '../stores/user.ts';
import { applyBalanceEvent, backoffMs, socketUrl } from './live-balance.ts';

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

  test('reconnects back off up to 30 s; the socket follows the page protocol', () => {
    expect(backoffMs(0, () => 0.5)).toBe(500);
    expect(backoffMs(3, () => 0.5)).toBe(4000);
    expect(backoffMs(20, () => 0.5)).toBe(30_000);
    expect(socketUrl({ protocol: 'https:', host: 'orbita.example' })).toBe('wss://orbita.example/ws');
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/ws');
  });
});
