import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { matchesEtag, negotiateEncoding, PageCache, pageCacheKey } from './page-cache.ts';

const draft = (body: string, tags: string[] = []) => ({
  status: 200,
  headers: [
    ['content-type', 'text/html'],
    ['set-cookie', 'locale=en'],
    ['content-encoding', 'br'],
  ] as const,
  body,
  locale: 'en',
  tags,
});

describe('PageCache', () => {
  test('keeps each page compressed both ways, with an ETag, and without per-answer headers', async () => {
    const cache = new PageCache();
    const html = `<!doctype html><p>${'money is sacred '.repeat(200)}</p>`;
    await cache.put('a', draft(html));
    const entry = cache.get('a');
    expect(entry?.identity.toString()).toBe(html);
    expect(brotliDecompressSync(entry?.br ?? Buffer.alloc(0)).toString()).toBe(html);
    expect(gunzipSync(entry?.gzip ?? Buffer.alloc(0)).toString()).toBe(html);
    expect(entry?.br.length).toBeLessThan(html.length / 10);
    expect(entry?.etag).toMatch(/^"[\w-]{27}"$/);
    expect(entry?.headers).toEqual([['content-type', 'text/html']]);
  });

  test('the same bytes get the same ETag; other bytes another', async () => {
    const cache = new PageCache();
    await cache.put('a', draft('one'));
    await cache.put('b', draft('one'));
    await cache.put('c', draft('two'));
    expect(cache.get('a')?.etag).toBe(cache.get('b')?.etag);
    expect(cache.get('c')?.etag).not.toBe(cache.get('a')?.etag);
  });

  test('stays within its byte bound, dropping the least recently used page', async () => {
    const big = 'x'.repeat(4000);
    const probe = new PageCache();
    await probe.put('k1', draft(big));
    const one = probe.bytes;
    const cache = new PageCache({ maxBytes: one * 2 + 10 });
    await cache.put('k1', draft(big));
    await cache.put('k2', draft(big));
    expect(cache.get('k1')).toBeDefined(); // k2 is now the oldest
    await cache.put('k3', draft(big));
    expect(cache.get('k2')).toBeUndefined();
    expect(cache.get('k1')).toBeDefined();
    expect(cache.get('k3')).toBeDefined();
    expect(cache.bytes).toBeLessThanOrEqual(one * 2 + 10);
  });

  test('a second rendering of a fresh page does not replace the first (one ETag per page)', async () => {
    const cache = new PageCache({ ttlMs: 1000 });
    // Both compress at once; whichever is stored first (the compressions race) is the one kept.
    let stored: string | undefined;
    const note = () => {
      stored ??= cache.get('a', 15)?.identity.toString();
    };
    await Promise.all([
      cache.put('a', draft('first'), 0).then(note),
      cache.put('a', draft('second'), 10).then(note),
    ]);
    expect(['first', 'second']).toContain(stored);
    expect(cache.get('a', 20)?.identity.toString()).toBe(stored);
    // Whatever the order: a rendering stored while the page is fresh replaces nothing.
    await cache.put('a', draft('late'), 30);
    expect(cache.get('a', 40)?.identity.toString()).toBe(stored);
    await cache.put('a', draft('third'), 1500);
    expect(cache.get('a', 1600)?.identity.toString()).toBe('third');
  });

  test('expires entries after the TTL', async () => {
    const cache = new PageCache({ ttlMs: 1000 });
    await cache.put('a', draft('A'), 0);
    expect(cache.get('a', 999)).toBeDefined();
    expect(cache.get('a', 1001)).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  test('a page with its own shorter life expires after it; a longer one never outlives the TTL', async () => {
    const cache = new PageCache({ ttlMs: 1000 });
    await cache.put('brief', { ...draft('lists'), maxAgeMs: 100 }, 0);
    await cache.put('long', { ...draft('faq'), maxAgeMs: 5000 }, 0);
    expect(cache.get('brief', 100)).toBeDefined();
    expect(cache.get('brief', 101)).toBeUndefined();
    expect(cache.get('long', 1000)).toBeDefined();
    expect(cache.get('long', 1001)).toBeUndefined();
  });

  test('invalidating a tag drops the pages that show it, and only those', async () => {
    const cache = new PageCache();
    await cache.put('promo', draft('P', ['promotions']));
    await cache.put('faq', draft('F'));
    expect(cache.invalidate(['promotions'])).toBe(1);
    expect(cache.get('promo')).toBeUndefined();
    expect(cache.get('faq')).toBeDefined();
    expect(cache.invalidate()).toBe(1);
    expect(cache.size).toBe(0);
  });

  test('a rendering that was being compressed when its content changed is not stored', async () => {
    const cache = new PageCache();
    const storing = cache.put('promo', draft('old', ['promotions']));
    cache.invalidate(['promotions']);
    await storing;
    expect(cache.get('promo')).toBeUndefined();
  });
});

test('the key separates hosts, locales, frames and URLs', () => {
  const base = { origin: 'https://a.example', locale: 'en', variant: 'guest', url: '/faq' };
  const keys = new Set([
    pageCacheKey(base),
    pageCacheKey({ ...base, origin: 'https://b.example' }),
    pageCacheKey({ ...base, locale: 'ru' }),
    pageCacheKey({ ...base, variant: 'player' }),
    pageCacheKey({ ...base, url: '/faq?x=1' }),
  ]);
  expect(keys.size).toBe(5);
});

test.each([
  [undefined, 'identity'],
  ['', 'identity'],
  ['gzip, deflate, br, zstd', 'br'],
  ['gzip', 'gzip'],
  ['br;q=0, gzip', 'gzip'],
  ['br;q=0.0, gzip;q=0', 'identity'],
  ['*', 'gzip'],
  ['identity', 'identity'],
])('Accept-Encoding %j → %s', (header, expected) => {
  expect(negotiateEncoding(header)).toBe(expected);
});

test.each([
  [undefined, false],
  ['"abc"', true],
  ['W/"abc"', true],
  ['"x", "abc"', true],
  ['"abd"', false],
  ['*', true],
])('If-None-Match %j matches "abc": %s', (header, expected) => {
  expect(matchesEtag(header, '"abc"')).toBe(expected);
});
