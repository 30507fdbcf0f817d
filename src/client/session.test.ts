import { describe, expect, test } from 'vitest';
import { hasZeroBalance, needsPayIn } from './session.ts';

describe('session helpers (docs/product-rules.md §4)', () => {
  const user = (balance: string, currency: string | null = 'USD') =>
    ({ balance, currency }) as Parameters<typeof hasZeroBalance>[0];

  test('zero balance reads the decimal string exactly', () => {
    expect(hasZeroBalance(user('0.00'))).toBe(true);
    expect(hasZeroBalance(user('0'))).toBe(true);
    expect(hasZeroBalance(user('0.01'))).toBe(false);
    expect(hasZeroBalance(user('oops'))).toBe(false);
  });

  test.each([
    ['0.00', 'USD', true],
    ['0.01', 'USD', false],
    ['0.00', null, false],
  ])(
    'PayIn after a login: balance %s, currency %s → %s (docs/product-rules.md §2)',
    (balance, currency, due) => {
      expect(needsPayIn(user(balance, currency))).toBe(due);
    },
  );
});
