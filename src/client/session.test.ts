import { describe, expect, test } from 'vitest';
import { hasZeroBalance, ssoTarget } from './session.ts';

describe('session helpers (docs/product-rules.md §4)', () => {
  test('the sso link gets the current address in a url parameter', () => {
    expect(ssoTarget('https://sso.example/login', 'https://orbita.example/en/faq?x=1')).toBe(
      'https://sso.example/login?url=https%3A%2F%2Forbita.example%2Fen%2Ffaq%3Fx%3D1',
    );
    expect(ssoTarget('https://sso.example/login?a=b', 'https://orbita.example/')).toBe(
      'https://sso.example/login?a=b&url=https%3A%2F%2Forbita.example%2F',
    );
  });

  test('zero balance reads the decimal string exactly', () => {
    const user = (balance: string) => ({ balance }) as Parameters<typeof hasZeroBalance>[0];
    expect(hasZeroBalance(user('0.00'))).toBe(true);
    expect(hasZeroBalance(user('0'))).toBe(true);
    expect(hasZeroBalance(user('0.01'))).toBe(false);
    expect(hasZeroBalance(user('oops'))).toBe(false);
  });
});
