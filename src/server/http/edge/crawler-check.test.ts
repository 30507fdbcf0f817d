import { afterEach, describe, expect, test, vi } from 'vitest';
import { CrawlerCheck, type CrawlerDns } from './crawler-check.ts';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const YANDEXBOT = 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)';

/** A zone: reverse names per address, addresses per name; anything else is ENOTFOUND. Counts queries. */
function zone(reverse: Record<string, string[]>, forward: Record<string, string[]>) {
  const queries: string[] = [];
  const notFound = (what: string) => Object.assign(new Error(`ENOTFOUND ${what}`), { code: 'ENOTFOUND' });
  const dns: CrawlerDns = {
    async reverse(ip) {
      queries.push(ip);
      if (!reverse[ip]) throw notFound(ip);
      return reverse[ip];
    },
    async resolve(name) {
      queries.push(name);
      if (!forward[name]) throw notFound(name);
      return forward[name];
    },
  };
  return { dns, queries };
}

const { dns } = zone(
  {
    '66.249.66.1': ['crawl-66-249-66-1.googlebot.com'],
    '66.249.66.2': ['rate-limited-proxy-66-249-66-2.google.com.'],
    '2001:4860:4801:10::1': ['crawl-2001-4860-4801-10--1.googlebot.com'],
    '5.255.253.1': ['5-255-253-1.spider.yandex.com'],
    '5.255.253.2': ['x.yandex.ru'],
    '6.6.6.1': ['crawl-66-249-66-1.googlebot.com'], // a PTR its owner wrote; the name does not resolve back
    '6.6.6.2': ['googlebot.com.evil.example'],
    '6.6.6.3': ['evilgooglebot.com'],
    '6.6.6.4': ['a.example', 'b.example', 'c.example', 'd.example', 'crawl-6-6-6-4.googlebot.com'],
  },
  {
    'crawl-66-249-66-1.googlebot.com': ['66.249.66.1'],
    'rate-limited-proxy-66-249-66-2.google.com': ['66.249.66.2'],
    'crawl-2001-4860-4801-10--1.googlebot.com': ['2001:4860:4801:0010:0000:0000:0000:0001'],
    '5-255-253-1.spider.yandex.com': ['5.255.253.1'],
    'x.yandex.ru': ['5.255.253.2'],
    'googlebot.com.evil.example': ['6.6.6.2'],
    'evilgooglebot.com': ['6.6.6.3'],
    'crawl-6-6-6-4.googlebot.com': ['6.6.6.4'],
  },
);

describe('a claimed crawler', () => {
  test.each([
    ['66.249.66.1', GOOGLEBOT, true],
    ['::ffff:66.249.66.1', GOOGLEBOT, true],
    ['66.249.66.2', GOOGLEBOT, true],
    ['2001:4860:4801:10::1', GOOGLEBOT, true],
    ['5.255.253.1', YANDEXBOT, true],
    ['5.255.253.2', YANDEXBOT, true],
    // Regression rows (issue 25 §2): a user agent alone never makes a crawler.
    ['66.249.66.1', YANDEXBOT, false],
    ['5.255.253.1', GOOGLEBOT, false],
    ['6.6.6.1', GOOGLEBOT, false],
    ['6.6.6.2', GOOGLEBOT, false],
    ['6.6.6.3', GOOGLEBOT, false],
    ['6.6.6.4', GOOGLEBOT, false],
    ['77.88.8.8', YANDEXBOT, false],
    ['66.249.66.1', 'Mozilla/5.0 Chrome/120', false],
    ['unknown', GOOGLEBOT, false],
  ])('from %s as %s is a crawler: %s', async (ip, agent, crawler) => {
    expect(await new CrawlerCheck({ dns }).verify(ip, agent)).toBe(crawler);
  });

  test('an agent that claims no engine, or an address that is none, is answered at once', () => {
    const check = new CrawlerCheck({ dns });
    expect(check.verify('66.249.66.1', 'curl/8')).toBe(false);
    expect(check.verify('unknown', GOOGLEBOT)).toBe(false);
  });
});

describe('when DNS fails', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test('an error means not a crawler', async () => {
    const failing: CrawlerDns = {
      reverse: async () => {
        throw Object.assign(new Error('queryPtr ECONNREFUSED'), { code: 'ECONNREFUSED' });
      },
      resolve: async () => [],
    };
    expect(await new CrawlerCheck({ dns: failing }).verify('66.249.66.1', GOOGLEBOT)).toBe(false);
  });

  test('an answer that never comes means not a crawler once the timeout has passed', async () => {
    vi.useFakeTimers();
    const silent: CrawlerDns = { reverse: () => new Promise(() => {}), resolve: () => new Promise(() => {}) };
    const check = new CrawlerCheck({ dns: silent, timeoutMs: 1_000 });
    let verdict: boolean | undefined;
    void Promise.resolve(check.verify('66.249.66.1', GOOGLEBOT)).then((v) => {
      verdict = v;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(verdict).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(verdict).toBe(false);
    // Remembered: the next page from there does not wait again.
    expect(check.verify('66.249.66.1', GOOGLEBOT)).toBe(false);
  });
});

describe('the verdicts kept', () => {
  test('one verification per address at a time, then its verdict until it expires', async () => {
    const { dns: counted, queries } = zone(
      { '66.249.66.1': ['crawl-66-249-66-1.googlebot.com'] },
      { 'crawl-66-249-66-1.googlebot.com': ['66.249.66.1'] },
    );
    let now = 0;
    const check = new CrawlerCheck({ dns: counted, ttlMs: 60_000, now: () => now });
    const [a, b] = [check.verify('66.249.66.1', GOOGLEBOT), check.verify('66.249.66.1', GOOGLEBOT)];
    expect(await a).toBe(true);
    expect(await b).toBe(true);
    expect(queries).toHaveLength(2); // one reverse, one forward
    expect(check.verify('66.249.66.1', GOOGLEBOT)).toBe(true);
    now = 59_999;
    expect(check.verify('66.249.66.1', GOOGLEBOT)).toBe(true);
    now = 60_000;
    expect(await check.verify('66.249.66.1', GOOGLEBOT)).toBe(true);
    expect(queries).toHaveLength(4);
  });

  test('the cache holds at most maxEntries verdicts, the least recently used forgotten first', async () => {
    const { dns: counted, queries } = zone({}, {});
    const check = new CrawlerCheck({ dns: counted, maxEntries: 2 });
    for (const ip of ['6.0.0.1', '6.0.0.2']) await check.verify(ip, GOOGLEBOT);
    expect(check.verify('6.0.0.1', GOOGLEBOT)).toBe(false); // used: now the most recent
    await check.verify('6.0.0.3', GOOGLEBOT); // forgets 6.0.0.2
    expect(check.verify('6.0.0.1', GOOGLEBOT)).toBe(false);
    expect(check.verify('6.0.0.3', GOOGLEBOT)).toBe(false);
    expect(check.verify('6.0.0.2', GOOGLEBOT)).toBeInstanceOf(Promise);
    expect(queries).toEqual(['6.0.0.1', '6.0.0.2', '6.0.0.3', '6.0.0.2']);
  });

  test('claims beyond maxPending verifications at once are not crawlers, and ask DNS nothing', async () => {
    const { dns: counted, queries } = zone({}, {});
    const check = new CrawlerCheck({ dns: counted, maxPending: 2 });
    const first = [check.verify('6.0.0.1', GOOGLEBOT), check.verify('6.0.0.2', GOOGLEBOT)];
    expect(check.verify('6.0.0.3', GOOGLEBOT)).toBe(false);
    await Promise.all(first);
    expect(queries).toEqual(['6.0.0.1', '6.0.0.2']);
  });
});
