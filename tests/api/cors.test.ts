/**
 * The API on its `api.` host answers the site's pages across origins (docs/security.md "Calls
 * from the pages"): CORS with credentials for the operator's own origins only (PUBLIC_SITE_URL and
 * MIRROR_HOSTS, each in the site's scheme), preflights answered and cached, errors readable too.
 */
import { describe, expect, test } from 'vitest';
import { appForFile } from '../helpers/app.ts';
import { bearer, register } from '../helpers/auth.ts';

const SITE = 'https://orbita.example';
const MIRROR = 'https://orbita-mirror.example';
const API = 'api.orbita.example';

describe('CORS on the api. host', () => {
  const t = appForFile({
    PUBLIC_SITE_URL: SITE,
    MIRROR_HOSTS: 'orbita-mirror.example',
  });

  const preflight = (origin: string, url = '/profile/user', method = 'POST', headers = 'authorization') =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        host: API,
        origin,
        'access-control-request-method': method,
        'access-control-request-headers': headers,
      },
    });

  test.each([SITE, MIRROR])(
    'a preflight from %s is answered for the headers the client sends',
    async (origin) => {
      const res = await preflight(
        origin,
        '/payments/deposits',
        'POST',
        'authorization,content-type,idempotency-key,region,accept-language',
      );
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
      expect(allowed).toEqual(
        expect.arrayContaining([
          'authorization',
          'content-type',
          'idempotency-key',
          'region',
          'accept-language',
        ]),
      );
      const methods = String(res.headers['access-control-allow-methods']).split(/,\s*/);
      expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']));
      expect(Number(res.headers['access-control-max-age'])).toBeGreaterThanOrEqual(600);
      expect(String(res.headers.vary)).toMatch(/origin/i);
      expect(res.body).toBe('');
    },
  );

  test('an answer to a trusted origin carries the origin and credentials; Retry-After is readable', async () => {
    const { token } = await register(t);
    const res = await t.app.inject({
      url: '/profile/user',
      headers: { host: API, origin: SITE, ...bearer(token) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(SITE);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-expose-headers']).toLowerCase()).toContain('retry-after');
    expect(String(res.headers.vary)).toMatch(/origin/i);
  });

  test('errors are readable by the page too: a 401 and a 422 carry the CORS headers', async () => {
    const unauthorized = await t.app.inject({ url: '/profile/user', headers: { host: API, origin: MIRROR } });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.headers['access-control-allow-origin']).toBe(MIRROR);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login/email/password',
      headers: { host: API, origin: SITE },
      payload: {},
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.headers['access-control-allow-origin']).toBe(SITE);
  });

  test.each([
    'https://evil.example',
    'http://orbita.example', // the site's scheme is https
    'https://orbita.example:8443',
    `https://${API}`,
    'https://www.orbita.example',
    'null',
  ])('the origin %s gets no CORS headers, on a preflight or an answer', async (origin) => {
    const pre = await preflight(origin);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    const res = await t.app.inject({ url: '/mirror', headers: { host: API, origin } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/origin/i);
  });

  test('answers without an Origin still say they vary with it (cached API answers)', async () => {
    const res = await t.app.inject({ url: '/settings', headers: { host: API } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public/);
    expect(String(res.headers.vary)).toMatch(/origin/i);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS and the rate limit', () => {
  const t = appForFile({ PUBLIC_SITE_URL: SITE, RATE_LIMIT_API_PER_MINUTE: '5' });
  const get = (remoteAddress: string) =>
    t.app.inject({ url: '/geo_ip', headers: { host: API, origin: SITE }, remoteAddress });

  test('a rate-limited answer is readable, with its Retry-After', async () => {
    let last = await get('10.9.9.9');
    for (let i = 0; i < 10 && last.statusCode !== 429; i++) last = await get('10.9.9.9');
    expect(last.statusCode).toBe(429);
    expect(last.headers['access-control-allow-origin']).toBe(SITE);
    expect(last.headers['retry-after']).toBeDefined();
  });

  test('preflights do not count against the rate limit', async () => {
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: '/geo_ip',
        remoteAddress: '10.8.8.8',
        headers: { host: API, origin: SITE, 'access-control-request-method': 'GET' },
      });
      expect(res.statusCode).toBe(204);
    }
    const after = await get('10.8.8.8');
    expect(after.statusCode).toBe(200);
  });
});
