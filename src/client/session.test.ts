import { describe, expect, test } from 'vitest';
import { hasZeroBalance } from './session.ts';

describe('session helpers (docs/product-rules.md §4)', () => {
  test('zero balance reads the decimal string exactly', () => {
    const user = (balance: string) => ({ balance }) as Parameters<typeof hasZeroBalance>[0];
    expect(hasZeroBalance(user('0.00'))).toBe(true);
    expect(hasZeroBalance(user('0'))).toBe(true);
    expect(hasZeroBalance(user('0.01'))).toBe(false);
    expect(hasZeroBalance(user('oops'))).toBe(false);
  });
});
