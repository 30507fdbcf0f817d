import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { apiHostRewrite } from '../../src/server/app.ts';
import { appForFile } from '../helpers/app.ts';

const t = appForFile();

describe('health', () => {
  test('/healthz answers ok', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  test('/readyz checks the database and the bus', async () => {
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      bus: 'memory',
    });
  });

  test('/readyz answers 503 while draining, so balancers stop routing here', async () => {
    t.app.draining = true;
    try {
      expect((await t.app.inject('/readyz')).statusCode).toBe(503);
    } finally {
      t.app.draining = false;
    }
  });
});

describe('public configuration', () => {
  test('GET /api/mirror answers no redirect and the mirror list (docs/pwa.md "Background sync")', async () => {
    const res = await t.app.inject('/api/mirror');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      redirect: { newLink: null },
      meta_yandex_verification: null,
      sso: null,
      mirrors: [],
    });
  });

  test('GET /api/config/currencies lists the five currencies with their limits (docs/product-rules.md §9)', async () => {
    const res = await t.app.inject('/api/config/currencies');
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as {
      data: Array<{
        code: string;
        limits: Record<string, { min_bet: string; max_bet: string }>;
        min_payout: string;
        prefix: string;
        icon: string;
      }>;
    };
    expect(data.map((c) => c.code)).toEqual(['RUB', 'USD', 'KZT', 'INR', 'EUR']);
    const usd = data.find((c) => c.code === 'USD');
    expect(usd?.limits.crash).toEqual({ min_bet: '0.01', max_bet: '500.00' });
    expect(usd?.limits.roulette?.max_bet).toBe('0.10');
    expect(usd?.min_payout).toBe('1.00');
    expect(usd?.prefix).toBe('$');
    expect(data.find((c) => c.code === 'KZT')?.limits.wheelOfFortune?.max_bet).toBe('5.00');
  });

  test('GET /api/config carries the defaults (docs/product-rules.md §9)', async () => {
    const { data } = (await t.app.inject('/api/config')).json() as {
      data: { defaults: Record<string, string>; timing: Record<string, number> };
    };
    expect(data.defaults).toEqual({ currency: 'RUB', locale: 'ru', fallback_locale: 'en-US' });
    expect(data.timing.payInAutoOpenMs).toBe(350);
  });

  test('the api. host serves the same API at its root (docs/api-auth.md)', async () => {
    const res = await t.app.inject({ url: '/config/currencies', headers: { host: 'api.orbita.example' } });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: unknown[] }).data).toHaveLength(5);
  });

  test.each([
    ['/profile/user', 'api.orbita.example', '/api/profile/user'],
    ['/api/v2/auth/register/email', 'api.orbita.example', '/api/api/v2/auth/register/email'],
    ['/healthz', 'api.orbita.example', '/healthz'],
    ['/ws', 'api.orbita.example', '/ws'],
    ['/robots.txt', 'api.orbita.example', '/robots.txt'],
    ['/faq', 'orbita.example', '/faq'],
  ])('host rewrite %s on %s → %s', (url, host, expected) => {
    expect(apiHostRewrite(url, host)).toBe(expected);
  });
});

describe('errors and headers', () => {
  test('an unknown API path is a 404 in the error shape (docs/api-auth.md)', async () => {
    const res = await t.app.inject('/api/nope?x=1');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: { path: 'not_found:/api/nope' } });
  });

  test.each([
    ['DELETE', '/api/profile/user', 'GET, HEAD'],
    ['GET', '/api/bonus/promo', 'POST'],
    ['POST', '/api/games/bets/12', 'GET, HEAD'],
    ['PATCH', '/api/profile/settings', 'PUT'],
    ['POST', '/api/games/rooms/red', 'GET, HEAD'],
  ])(
    '%s %s, a path known under other methods, is 405 with Allow: %s (RFC 9110)',
    async (method, url, allow) => {
      const res = await t.app.inject({ method: method as 'GET', url });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe(allow);
      expect(res.json()).toEqual({ errors: { method: [`method_not_allowed:${method}`] } });
    },
  );

  test('the api. host answers 405 for its own paths too', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/profile/user',
      headers: { host: 'api.orbita.example' },
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  test.each([
    ['a path parameter over the router limit', `/api/payments/${'x'.repeat(200)}`, 414],
    ['a path with broken percent-encoding', '/api/payments/%zz', 400],
  ])('%s is refused in the error shape (docs/api-auth.md)', async (_label, url, status) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ errors: { request: [expect.stringMatching(/^FST_ERR_/)] } });
  });

  test('security headers are set', async () => {
    const res = await t.app.inject('/api/config');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeDefined();
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  test('responses are compressed with brotli when accepted', async () => {
    const res = await t.app.inject({ url: '/api/config', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(res.rawPayload).toString()) as {
      data: { currencies: unknown[] };
    };
    expect(body.data.currencies).toHaveLength(5);
  });

  test('the request id is echoed from x-request-id', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });
});
