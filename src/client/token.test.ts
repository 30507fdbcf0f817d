import { describe, expect, test } from 'vitest';
import { readCookie } from './cookies.ts';
import { tokenCookie } from './token.ts';

describe('token cookie (docs/product-rules.md §3)', () => {
  test('lives 30 days on path / with SameSite=Lax', () => {
    expect(tokenCookie('a.b.c', false)).toBe('token=a.b.c; Max-Age=2592000; Path=/; SameSite=Lax');
  });

  test('is Secure on https', () => {
    expect(tokenCookie('a.b.c', true)).toMatch(/; Secure$/);
  });

  test('clearing expires it at once', () => {
    expect(tokenCookie(null, false)).toBe('token=; Max-Age=0; Path=/; SameSite=Lax');
  });

  test('round-trips through readCookie', () => {
    const [pair] = tokenCookie('x y=z', false).split(';');
    expect(readCookie('token', `locale=en; ${pair}`)).toBe('x y=z');
  });
});
