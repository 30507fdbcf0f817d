/**
 * Geo blocking (docs/edge.md): the country comes from the client address in the embedded CC0
 * database (X-Forwarded-For only with TRUST_PROXY, a country header only when configured); a
 * blocked country gets /no-access for pages and 451 for wallet and game calls, with nothing
 * changed; google and yandex crawlers pass.
 */
import { describe, expect, test } from 'vitest';
import { appForFile } from '../helpers/app.ts';
import { bearer } from '../helpers/auth.ts';
import { playerWithCash, startDeposit } from '../helpers/players.ts';

const RU = '77.88.8.8';
const KZ = '95.56.0.1';
const US = '8.8.8.8';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('with RU blocked', () => {
  const t = appForFile({ GEO_BLOCKED_COUNTRIES: 'ru, by' });

  test.each([
    [KZ, 'KZ', 'KZ'],
    [US, 'US', 'RU'],
    ['127.0.0.1', null, 'RU'],
  ])('GET /geo_ip from %s answers country %s and region %s', async (ip, country, region) => {
    const res = await t.app.inject({ url: '/api/geo_ip', remoteAddress: ip });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ip, country_code: country, region });
  });

  test('GET /geo_ip from a blocked country is a translated 451; a crawler still gets its answer', async () => {
    const blocked = await t.app.inject({ url: '/api/geo_ip', remoteAddress: RU });
    expect(blocked.statusCode).toBe(451);
    expect(blocked.json()).toEqual({ errors: { geo: ['geo_blocked'] } });
    const crawler = await t.app.inject({
      url: '/api/geo_ip',
      remoteAddress: RU,
      headers: { 'user-agent': GOOGLEBOT },
    });
    expect(crawler.statusCode).toBe(200);
    expect(crawler.json().country_code).toBe('RU');
  });

  test('pages from a blocked country go to /no-access in their locale; /no-access itself is served', async () => {
    for (const [url, location] of [
      ['/', '/no-access'],
      ['/games/dice?x=1', '/no-access'],
      ['/en/faq', '/en/no-access'],
    ] as const) {
      const res = await t.app.inject({ url, remoteAddress: RU });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe(location);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const page = await t.app.inject({ url: '/en/no-access', remoteAddress: RU });
    expect(page.statusCode).not.toBe(302);
  });

  test('a blocked visitor with a locale cookie goes to /no-access in that locale', async () => {
    const res = await t.app.inject({ url: '/faq', remoteAddress: RU, headers: { cookie: 'locale=kz' } });
    expect(res.headers.location).toBe('/kz/no-access');
  });

  test('crawlers whose user agent names google or yandex skip the geo check', async () => {
    for (const agent of [GOOGLEBOT, 'Mozilla/5.0 (compatible; YandexBot/3.0)']) {
      const res = await t.app.inject({ url: '/', remoteAddress: RU, headers: { 'user-agent': agent } });
      expect(res.statusCode, agent).not.toBe(302);
    }
  });

  test('visitors from other countries are not redirected', async () => {
    for (const ip of [KZ, US]) {
      const res = await t.app.inject({ url: '/', remoteAddress: ip });
      expect(res.statusCode, ip).not.toBe(302);
    }
  });

  test('bets, deposits and withdrawals from a blocked country answer 451 and change nothing', async () => {
    const player = await playerWithCash(t, 100_000n);
    const balance = async () =>
      (await t.app.inject({ url: '/api/profile/user', headers: bearer(player.token) })).json().user.balance;
    const before = await balance();
    const calls = [
      {
        method: 'POST',
        url: '/api/games/dice/bet',
        payload: { amount: '1', target: '50', direction: 'under' },
      },
      {
        method: 'POST',
        url: '/api/payments/withdrawals',
        payload: { amount: '100', method: 'sandbox_card' },
      },
      { method: 'GET', url: '/api/payments/methods' },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject({
        ...call,
        remoteAddress: RU,
        headers: { ...bearer(player.token), 'idempotency-key': `geo-${call.url}` },
      });
      expect(res.statusCode, call.url).toBe(451);
      expect(res.json()).toEqual({ errors: { geo: ['geo_blocked'] } });
    }
    const deposit = await startDeposit(t, player.token, { key: 'geo-deposit', headers: {} });
    expect(deposit.statusCode).not.toBe(451); // from this test's own address (not blocked)
    const blockedDeposit = await t.app.inject({
      method: 'POST',
      url: '/api/payments/deposits',
      remoteAddress: RU,
      headers: { ...bearer(player.token), 'idempotency-key': 'geo-deposit-2' },
      payload: { amount: '100', method: 'sandbox_card' },
    });
    expect(blockedDeposit.statusCode).toBe(451);
    const rows = await t.database.query<{ n: string }>(
      `select count(*)::text as n from payments where user_id = $1`,
      [player.id],
    );
    expect(rows[0]?.n).toBe('1');
    expect(await balance()).toBe(before);
  });

  test('the same calls from an allowed country are not refused for geo', async () => {
    const res = await t.app.inject({ url: '/api/payments/methods', remoteAddress: KZ });
    expect(res.statusCode).not.toBe(451);
  });

  test('X-Forwarded-For is ignored without TRUST_PROXY', async () => {
    const res = await t.app.inject({
      url: '/api/geo_ip',
      remoteAddress: US,
      headers: { 'x-forwarded-for': RU },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().ip).toBe(US);
  });
});

describe('behind a proxy with a country header (TRUST_PROXY, GEO_COUNTRY_HEADER)', () => {
  const t = appForFile({
    GEO_BLOCKED_COUNTRIES: 'RU',
    TRUST_PROXY: 'true',
    GEO_COUNTRY_HEADER: 'CF-IPCountry',
  });

  test('X-Forwarded-For names the client', async () => {
    const res = await t.app.inject({ url: '/api/geo_ip', headers: { 'x-forwarded-for': `${KZ}, 10.0.0.1` } });
    expect(res.json()).toEqual({ ip: KZ, country_code: 'KZ', region: 'KZ' });
    const page = await t.app.inject({ url: '/', headers: { 'x-forwarded-for': RU } });
    expect(page.headers.location).toBe('/no-access');
  });

  test('the configured country header wins over the address', async () => {
    const res = await t.app.inject({
      url: '/api/geo_ip',
      headers: { 'x-forwarded-for': US, 'cf-ipcountry': 'kz' },
    });
    expect(res.json()).toEqual({ ip: US, country_code: 'KZ', region: 'KZ' });
    const blocked = await t.app.inject({
      url: '/api/geo_ip',
      headers: { 'x-forwarded-for': US, 'cf-ipcountry': 'RU' },
    });
    expect(blocked.statusCode).toBe(451);
  });
});

describe('without blocked countries', () => {
  const t = appForFile();

  test('nobody is redirected and the header is not read', async () => {
    const res = await t.app.inject({ url: '/', remoteAddress: RU });
    expect(res.statusCode).not.toBe(302);
    const geo = await t.app.inject({
      url: '/api/geo_ip',
      remoteAddress: US,
      headers: { 'cf-ipcountry': 'KZ' },
    });
    expect(geo.json().country_code).toBe('US');
  });
});
