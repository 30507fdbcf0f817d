import { expect, test } from 'vitest';
import { PageCache } from './page-cache.ts';

const page = (body: string, storedAt = 0) => ({ status: 200, headers: [], body, storedAt });

test('keeps the most recently used entries within its bound', () => {
  const cache = new PageCache(2, 1000);
  cache.set('a', page('A'));
  cache.set('b', page('B'));
  expect(cache.get('a', 10)?.body).toBe('A');
  cache.set('c', page('C'));
  expect(cache.get('b', 10)).toBeUndefined();
  expect(cache.get('a', 10)?.body).toBe('A');
  expect(cache.get('c', 10)?.body).toBe('C');
  expect(cache.size).toBe(2);
});

test('expires entries after the TTL', () => {
  const cache = new PageCache(10, 1000);
  cache.set('a', page('A', 0));
  expect(cache.get('a', 999)?.body).toBe('A');
  expect(cache.get('a', 1001)).toBeUndefined();
});
