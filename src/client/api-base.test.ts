import { describe, expect, test } from 'vitest';
import { acceptLanguageFor, resolveApiBase } from './api-base.ts';

const at = (href: string) => {
  const url = new URL(href);
  return { protocol: url.protocol, host: url.host, hostname: url.hostname };
};

describe('API base URL (docs/product-rules.md §7)', () => {
  test.each([
    [null, false, 'https://orbita.example/en/faq', 'https://api.orbita.example'],
    [null, false, 'https://www.orbita.example/', 'https://api.orbita.example'],
    [null, false, 'https://mirror-7.example:8443/', 'https://api.mirror-7.example:8443'],
    [null, false, 'https://api.orbita.example/', 'https://api.orbita.example'],
    [null, true, 'https://orbita.example/', '/api'],
    [null, false, 'http://localhost:3000/', '/api'],
    [null, false, 'http://127.0.0.1:3000/', '/api'],
    ['https://api.other.example/', false, 'https://orbita.example/', 'https://api.other.example'],
    ['http://localhost:3001', true, 'http://localhost:4321/', 'http://localhost:3001'],
  ])('configured %j, dev %j, at %s → %s', (configuredUrl, dev, href, expected) => {
    expect(resolveApiBase({ configuredUrl, dev, location: at(href) })).toBe(expected);
  });

  test.each([
    ['br', 'pt-BR'],
    ['kz', 'kk'],
    ['en', 'en-US'],
    ['ru', 'ru'],
    ['hi', 'hi'],
  ])('Accept-Language for %s is %s', (locale, tag) => {
    expect(acceptLanguageFor(locale)).toBe(tag);
  });
});
