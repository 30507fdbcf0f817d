import { describe, expect, test } from 'vitest';
import { localizePath, splitLocale, switchLocalePath } from './routing.ts';

describe('splitLocale', () => {
  test.each([
    ['/', null, '/'],
    ['/en', 'en', '/'],
    ['/en/', 'en', '/'],
    ['/en/faq', 'en', '/faq'],
    ['/br/games/dice', 'br', '/games/dice'],
    ['/faq', null, '/faq'],
    ['/english/faq', null, '/english/faq'],
    ['/policy/en/kyc', null, '/policy/en/kyc'],
  ])('%s → %s %s', (input, locale, path) => {
    expect(splitLocale(input)).toEqual({ locale, path });
  });
});

describe('localizePath', () => {
  test.each([
    ['/', 'ru', 'prefix_except_default', '/'],
    ['/faq', 'ru', 'prefix_except_default', '/faq'],
    ['/faq', 'en', 'prefix_except_default', '/en/faq'],
    ['/', 'hi', 'prefix_except_default', '/hi'],
    ['/', 'ru', 'prefix', '/ru'],
    ['/faq', 'ru', 'prefix', '/ru/faq'],
    ['/faq', 'ru', 'prefix_and_default', '/ru/faq'],
  ] as const)('%s in %s under %s → %s', (path, locale, strategy, expected) => {
    expect(localizePath(path, locale, strategy)).toBe(expected);
  });

  test('the switcher always names the locale, so the choice reaches the server', () => {
    expect(switchLocalePath('/', 'ru')).toBe('/ru');
    expect(switchLocalePath('/faq', 'kz')).toBe('/kz/faq');
  });
});
