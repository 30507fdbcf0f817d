import { describe, expect, test } from 'vitest';
import { hasQueryFlag, withoutFlags } from './query-flags.ts';

describe('query flags (docs/product-rules.md §2)', () => {
  test('removes only the named flags, keeping other parameters and the hash', () => {
    expect(withoutFlags('https://o.example/en/faq?login&utm_source=x#top', ['login', 'signup'])).toBe(
      '/en/faq?utm_source=x#top',
    );
    expect(withoutFlags('https://o.example/?signup=1', ['login', 'signup'])).toBe('/');
    expect(withoutFlags('https://o.example/en?deposit', ['login'])).toBe('/en?deposit');
  });

  test('detects a bare flag', () => {
    expect(hasQueryFlag('login', '?login')).toBe(true);
    expect(hasQueryFlag('signup', '?login')).toBe(false);
  });
});
