import { describe, expect, test } from 'vitest';
import { LOCALES } from '../shared/locales.ts';
import { catalogs, getT } from './index.ts';

type Tree = { [key: string]: string | Tree | Tree[] };

function leaves(node: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof node === 'string') out.set(prefix, node);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node as Tree)) {
      for (const [k, v] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const english = leaves(catalogs.en);
// Strings that are the same in every language by nature: brand, e-mail, social network names, and
// RTP, the slots' abbreviation every market shows as it is.
const SAME_EVERYWHERE = new Set([
  'slotLobby.rtp',
  'meta.siteName',
  'footer.supportEmail',
  'footer.telegram',
  'footer.x',
  'footer.youtube',
  'footer.vk',
]);

describe.each(LOCALES.filter((l) => l !== 'en'))('catalog %s', (locale) => {
  const entries = leaves(catalogs[locale]);

  test('has every key of the English catalog and no other', () => {
    expect([...entries.keys()].filter((k) => !english.has(k))).toEqual([]);
    expect([...english.keys()].filter((k) => !entries.has(k))).toEqual([]);
  });

  test('keeps every placeholder of each message', () => {
    const mismatched = [...english].filter(
      ([key, text]) => placeholders(text).join() !== placeholders(entries.get(key) ?? '').join(),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  test('is translated, not an English copy', () => {
    const copies = [...english].filter(
      ([key, text]) => !SAME_EVERYWHERE.has(key) && text.length > 12 && entries.get(key) === text,
    );
    expect(copies.map(([key]) => key)).toEqual([]);
  });

  test('has no empty messages', () => {
    expect([...entries].filter(([, text]) => !text.trim()).map(([key]) => key)).toEqual([]);
  });
});

describe('getT', () => {
  test('binds each locale without leaking into another', () => {
    const ru = getT('ru');
    const en = getT('en');
    expect(ru('auth.login')).toBe(catalogs.ru.auth.login);
    expect(en('auth.login')).toBe('Log in');
    expect(ru('auth.login')).toBe(catalogs.ru.auth.login);
  });

  test('interpolates the not-found message of docs/product-rules.md §2', () => {
    expect(getT('en')('error.notFound', { path: '/nope' })).toBe('Page not found: /nope');
  });
});
