import { expect, test } from 'vitest';
import { claimedCrawler } from './crawlers.ts';

test.each([
  ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'google'],
  ['Mediapartners-Google', 'google'],
  ['Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)', 'yandex'],
  ['Mozilla/5.0 (X11; Linux x86_64) Chrome/120', null],
  ['', null],
  [undefined, null],
  [null, null],
])('%j claims to crawl for %s', (agent, engine) => {
  expect(claimedCrawler(agent)).toBe(engine);
});
