import { describe, expect, test } from 'vitest';
import { localeFromLanguages, parseAcceptLanguage } from './locales.ts';

describe('Accept-Language', () => {
  test.each([
    ['en-US,en;q=0.9', 'en'],
    ['de-DE,de;q=0.9', null],
    ['de;q=0.9,ru;q=0.8', 'ru'],
    ['kk-KZ', 'kz'],
    ['pt-BR,pt;q=0.8', 'br'],
    ['pt-PT', 'br'],
    ['hi-IN', 'hi'],
    ['fr;q=0.2, en;q=0.1, hi;q=0.9', 'hi'],
    ['en;q=0, ru', 'ru'],
    ['*', null],
    ['', null],
  ])('%j picks %j', (header, expected) => {
    expect(localeFromLanguages(header)).toBe(expected);
  });

  test('orders tags by quality, keeping header order for ties', () => {
    expect(parseAcceptLanguage('a;q=0.5, b, c;q=0.5, d;q=1')).toEqual(['b', 'd', 'a', 'c']);
  });

  test('takes navigator.languages as a list', () => {
    expect(localeFromLanguages(['es-ES', 'kk'])).toBe('kz');
  });
});
