import { describe, expect, it } from 'vitest';
import { offlinePagePath, pickOfflineLocale } from './offline-locale.ts';

const at = (path: string) => new URL(path, 'https://orbita.example');

describe('pickOfflineLocale', () => {
  it.each([
    ['/en/faq', undefined, 'en'],
    ['/hi/', 'kz', 'hi'],
    ['/faq', 'br', 'br'],
    ['/faq', undefined, 'ru'],
    ['/faq', 'xx', 'ru'],
    ['/english/faq', undefined, 'ru'],
  ])('%s with cookie %s → %s', (path, cookie, expected) => {
    expect(pickOfflineLocale(at(path), cookie)).toBe(expected);
  });

  it('names the prerendered page of the locale', () => {
    expect(offlinePagePath('kz')).toBe('/offline/kz/index.html');
  });
});
