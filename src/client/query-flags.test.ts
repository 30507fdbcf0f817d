import { describe, expect, test } from 'vitest';
import { hasQueryFlag, withoutFlags, withoutParameters } from './query-flags.ts';

describe('query flags (docs/product-rules.md §2)', () => {
  test('removes only the named flags, keeping other parameters and the hash', () => {
    expect(withoutFlags('https://o.example/en/faq?login&utm_source=x#top', ['login', 'signup'])).toBe(
      '/en/faq?utm_source=x#top',
    );
    expect(withoutFlags('https://o.example/?signup=1', ['login', 'signup'])).toBe('/');
    expect(withoutFlags('https://o.example/en?deposit', ['login'])).toBe('/en?deposit');
  });

  test('a credential parameter leaves the address, the rest stays as it was', () => {
    expect(
      withoutParameters('https://o.example/en?simple_auth=1&simpleAuthToken=abc&x=1#h', ['simpleAuthToken']),
    ).toBe('/en?simple_auth=1&x=1#h');
  });

  test('detects a bare flag', () => {
    expect(hasQueryFlag('login', '?login')).toBe(true);
    expect(hasQueryFlag('signup', '?login')).toBe(false);
  });
});
