import { describe, expect, test } from 'vitest';
import { type SsoStartInput, shouldStartSso, ssoFragment, ssoStartUrl, ssoTarget } from './sso.ts';

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

  test('the sso link gets the current address in a url parameter', () => {
    expect(ssoTarget('https://sso.example/login', 'https://orbita.example/en/faq?x=1')).toBe(
      'https://sso.example/login?url=https%3A%2F%2Forbita.example%2Fen%2Ffaq%3Fx%3D1',
    );
    expect(ssoTarget('https://sso.example/login?a=b', 'https://orbita.example/')).toBe(
      'https://sso.example/login?a=b&url=https%3A%2F%2Forbita.example%2F',
    );
  });

  test('a start carries the address to come back to and the page’s state', () => {
    const url = new URL(
      ssoStartUrl('https://api.main.example/sso', 'https://mirror.example/en?x=1', 'S'.repeat(43)),
    );
    expect(url.origin + url.pathname).toBe('https://api.main.example/sso');
    expect(url.searchParams.get('url')).toBe('https://mirror.example/en?x=1');
    expect(url.searchParams.get('state')).toBe('S'.repeat(43));
  });

  test('a login link from the main host gets the address too (regression: it had none and ended on a 422)', () => {
    const link = 'https://api.main.example/sso?code=C0de';
    const url = new URL(ssoTarget(link, 'https://mirror.example/en/faq'));
    expect(url.searchParams.get('code')).toBe('C0de');
    expect(url.searchParams.get('url')).toBe('https://mirror.example/en/faq');
  });

  test('the main host’s answer is read from the fragment, in any order', () => {
    const code = 'A'.repeat(43);
    const key = 'B'.repeat(43);
    expect(ssoFragment(`#sso_code=${code}&sso_browser=${key}`)).toEqual({ code, browser: key });
    expect(ssoFragment(`#sso_browser=${key}&sso_code=${code}`)).toEqual({ code, browser: key });
    expect(ssoFragment(`#sso_browser=${key}`)).toEqual({ code: null, browser: key });
    expect(ssoFragment('#other=1')).toBeNull();
    expect(ssoFragment('#sso_code=short')).toBeNull();
    expect(ssoFragment('#sso_code=<script>')).toBeNull();
  });
});
