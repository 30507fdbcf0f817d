import { describe, expect, test } from 'vitest';
import { routePage } from './page-route.ts';

const site = {
  strategy: 'prefix_except_default',
  defaultLocale: 'ru',
  rootRedirect: null,
  gameMirrorHost: null,
  specialHost: 'special.example',
} as const;
const request = (pathname: string, hostname: string, showLikeHost = false) => ({
  pathname,
  search: '?a=1',
  hostname,
  cookieLocale: undefined,
  acceptLanguage: undefined,
  showLikeHost,
});

describe('docs/product-rules.md §4: the special host shows Russian pages in English', () => {
  test.each([
    ['/faq', 'special.example', false, '/en/faq?a=1'],
    ['/faq', 'www.special.example', false, '/en/faq?a=1'],
    ['/', 'special.example', false, '/en?a=1'],
    ['/faq', 'other.example', true, '/en/faq?a=1'],
  ])('%s on %s (cookie %s) goes to %s', (path, host, cookie, location) => {
    expect(routePage(request(path, host, cookie), site)).toEqual({ kind: 'redirect', location, status: 302 });
  });

  test('other locales and other hosts are served as addressed', () => {
    expect(routePage(request('/kz/faq', 'special.example'), site)).toMatchObject({
      kind: 'page',
      locale: 'kz',
    });
    expect(routePage(request('/faq', 'other.example'), site)).toMatchObject({ kind: 'page', locale: 'ru' });
  });
});
