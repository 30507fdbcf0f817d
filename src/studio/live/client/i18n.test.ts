/** Every language has every string, with the same placeholders, and is translated. */
import { describe, expect, test } from 'vitest';
import { LOCALE_TAG, STRINGS, stringsFor } from './i18n.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Words the languages may share with English (names, symbols, loanwords). */
const SHARED = new Set([
  'demo',
  'fun',
  'lobby',
  'chat',
  'natural',
  'markP',
  'markB',
  'markT',
  'zero',
  'tiers',
]);

describe('the live client’s words', () => {
  test('five languages, each with every key and the same placeholders', () => {
    expect(Object.keys(STRINGS).sort()).toEqual(['en', 'hi', 'kk', 'pt-BR', 'ru']);
    const keys = Object.keys(STRINGS.en).sort();
    for (const [lang, strings] of Object.entries(STRINGS)) {
      expect(Object.keys(strings).sort(), lang).toEqual(keys);
      for (const key of keys) {
        const text = (strings as Record<string, string>)[key]!;
        expect(text.trim().length, `${lang}.${key}`).toBeGreaterThan(0);
        expect(placeholders(text), `${lang}.${key}`).toEqual(
          placeholders((STRINGS.en as Record<string, string>)[key]!),
        );
      }
    }
  });

  test('translated, not English copies', () => {
    for (const [lang, strings] of Object.entries(STRINGS)) {
      if (lang === 'en') continue;
      for (const [key, text] of Object.entries(strings)) {
        if (SHARED.has(key) || /^[\d\s:.-]+$/.test(text)) continue;
        expect(text, `${lang}.${key}`).not.toBe((STRINGS.en as Record<string, string>)[key]);
      }
    }
  });

  test('unknown languages fall back to English', () => {
    expect(stringsFor('de')).toMatchObject({ lang: 'en', tag: 'en-US' });
    expect(stringsFor('pt-BR').tag).toBe('pt-BR');
    expect(stringsFor('toString').lang).toBe('en');
    expect(Object.keys(LOCALE_TAG).sort()).toEqual(Object.keys(STRINGS).sort());
  });
});
