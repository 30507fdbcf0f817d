import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Bus, createMemoryBus, createRedisBus } from '../../src/server/realtime/bus.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * A change to content that pages show drops those pages on every instance (docs/performance.md
 * "Pages"): two instances share one bus (Redis when TEST_REDIS_URL is set).
 */
let bus: Bus;
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  bus = process.env.TEST_REDIS_URL
    ? await createRedisBus(process.env.TEST_REDIS_URL, `pages-${process.pid}-${Date.now()}:`)
    : createMemoryBus();
  first = await createTestApp({}, { bus });
  second = await createTestApp({}, { bus, database: first.database });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await bus?.close();
});

const page = (body: string, tags: string[]) => ({ status: 200, headers: [], body, locale: 'en', tags });

test('invalidating a tag on one instance drops the pages that show it on the other, and only those', async () => {
  await second.app.pageCache.put('promo', page('<p>promo</p>', ['promotions']));
  await second.app.pageCache.put('faq', page('<p>faq</p>', []));
  await first.app.invalidatePages(['promotions']);
  await expect.poll(() => second.app.pageCache.get('promo')).toBeUndefined();
  expect(second.app.pageCache.get('faq')).toBeDefined();
  await first.app.invalidatePages();
  await expect.poll(() => second.app.pageCache.size).toBe(0);
});
