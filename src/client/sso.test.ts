import { describe, expect, test } from 'vitest';
import { type SsoStartInput, shouldStartSso, ssoCodeOf } from './sso.ts';

const base: SsoStartInput = {
  sso: 'https://api.main.example/sso',
  hasToken: false,
  search: '',
  ssoCookie: false,
  dev: false,
  bot: false,
};

describe('docs/product-rules.md §4 SSO start', () => {
  test('a guest on a mirror goes to the main host', () => {
    expect(shouldStartSso(base)).toBe(true);
  });

  test.each([
    ['no sso link', { sso: null }],
    ['a token is held', { hasToken: true }],
    ['no_sso in the query', { search: '?x=1&no_sso' }],
    ['the ssoRedirected cookie', { ssoCookie: true }],
    ['development', { dev: true }],
    ['a bot', { bot: true }],
  ])('%s: no redirect', (_name, change) => {
    expect(shouldStartSso({ ...base, ...change })).toBe(false);
  });

  test('the code is read from the fragment only', () => {
    const code = 'A'.repeat(43);
    expect(ssoCodeOf(`#sso_code=${code}`)).toBe(code);
    expect(ssoCodeOf('#other=1')).toBeNull();
    expect(ssoCodeOf('#sso_code=short')).toBeNull();
  });
});
