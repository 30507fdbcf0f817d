import { describe, expect, it } from 'vitest';
import { isCacheablePage } from './page-rules.ts';

describe('isCacheablePage', () => {
  it.each([
    ['/', true],
    ['/en/', true],
    ['/en/faq', true],
    ['/games/dice', true],
    ['/policy/en/kyc', true],
    ['/profile', false],
    ['/en/profile/history', false],
    ['/reset-password/abc123', false],
    ['/kz/password/reset', false],
    ['/api/config', false],
    ['/ws', false],
    ['/en/faq?promo=X', false],
    ['/?simpleAuthToken=t', false],
    ['/profiles-of-winners', true],
  ])('%s → %s', (path, expected) => {
    expect(isCacheablePage(new URL(path, 'https://orbita.example'))).toBe(expected);
  });
});
