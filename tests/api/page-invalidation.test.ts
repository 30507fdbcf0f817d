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

test('a campaign saved by the operator drops /bonuses of every locale, on every instance', async () => {
  const operator = await createTestApp(
    { OPERATOR_API_TOKEN: 'operator-token-pages-0123456789' },
    {
      bus,
      database: first.database,
    },
  );
  try {
    const locales = ['ru', 'en', 'kz', 'br', 'hi'];
    for (const locale of locales)
      await second.app.pageCache.put(`/${locale}/bonuses`, { ...page('<p>offers</p>', ['bonuses']), locale });
    await second.app.pageCache.put('/en/faq', page('<p>faq</p>', []));
    const res = await operator.app.inject({
      method: 'POST',
      url: '/api/operator/bonus/campaigns',
      headers: { authorization: 'Bearer operator-token-pages-0123456789' },
      payload: {
        name: `pages-${Date.now()}`,
        kind: 'no_deposit',
        wager: 1,
        days: 7,
        amount: { RUB: '100' },
        is_public: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const locale of locales)
      await expect.poll(() => second.app.pageCache.get(`/${locale}/bonuses`)).toBeUndefined();
    expect(second.app.pageCache.get('/en/faq')).toBeDefined();
  } finally {
    await operator.close();
  }
});
