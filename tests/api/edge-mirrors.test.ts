/**
 * Mirrors and single sign-on across them (docs/edge.md), with the main host, a mirror and a
 * retired host on one server through the Host header: a retired host moves pages to the mirror
 * (301, same path and query); a player logged in on the main host arrives logged in on the mirror
 * through a one-time code bound to the mirror; forged return hosts are refused.
 */
import { describe, expect, test } from 'vitest';
import { appForFile } from '../helpers/app.ts';
import { bearer, refreshCookie, STRONG_PASSWORD, uniqueEmail } from '../helpers/auth.ts';

const MAIN = 'main.test';
const MIRROR = 'mirror.test';
const OLD = 'old.test';

describe('main host, a mirror and a retired host', () => {
  const t = appForFile({
    PUBLIC_SITE_URL: `http://${MAIN}`,
    MIRROR_HOSTS: `${OLD},${MIRROR}`,
    RETIRED_HOSTS: OLD,
    YANDEX_VERIFICATION: 'yandex-123',
  });

  /** A call to a host's API (`api.<host>` serves the API at its root). */
  const call = (
    host: string,
    url: string,
    init: { method?: 'GET' | 'POST'; payload?: object; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method: init.method ?? 'GET',
      url,
      headers: { host: `api.${host}`, ...init.headers },
      ...(init.payload ? { payload: init.payload } : {}),
    });

  async function registerOn(host: string) {
    const email = uniqueEmail('sso');
    const res = await call(host, '/api/v2/auth/register/email', {
      method: 'POST',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    return { email, res, refresh: refreshCookie(res) as string, token: res.json().token as string };
  }

  const userIdOf = async (host: string, token: string) =>
    (await call(host, '/profile/user', { headers: bearer(token) })).json().user.id as string;

  test('GET /mirror on the mirror: the main host’s sso link and the verification; no move', async () => {
    const res = await call(MIRROR, '/mirror');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      redirect: { newLink: null },
      meta_yandex_verification: 'yandex-123',
      sso: `http://api.${MAIN}/sso`,
      // The service worker's mirror list: the live hosts, never a retired one (docs/pwa.md).
      mirrors: [MAIN, MIRROR],
    });
    const post = await call(MIRROR, '/middleware/mirror', { method: 'POST' });
    expect(post.json()).toEqual(res.json());
  });

  test('GET /mirror on the main host has no sso link; on an unknown host neither', async () => {
    expect((await call(MAIN, '/mirror')).json().sso).toBeNull();
    expect((await call('evil.example', '/mirror')).json().sso).toBeNull();
  });

  test('a retired host moves pages to the mirror with a 301 keeping path and query', async () => {
    const page = await t.app.inject({ url: '/en/faq?utm_source=a&x=1', headers: { host: OLD } });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe(`http://${MIRROR}/en/faq?utm_source=a&x=1`);
    expect((await call(OLD, '/mirror')).json().redirect).toEqual({ newLink: `http://${MIRROR}` });
    const live = await t.app.inject({ url: '/en/faq', headers: { host: MIRROR } });
    expect(live.statusCode).not.toBe(301);
  });

  test('POST /middleware/mirrorRedirect names the new link of a retired domain only', async () => {
    const retired = await call(MIRROR, '/middleware/mirrorRedirect', {
      method: 'POST',
      payload: { domain: OLD },
    });
    expect(retired.json()).toEqual({ redirect: { newLink: `http://${MIRROR}`, oldDomain: OLD } });
    const live = await call(MIRROR, '/middleware/mirrorRedirect', {
      method: 'POST',
      payload: { domain: MIRROR },
    });
    expect(live.json()).toEqual({ redirect: { newLink: null, oldDomain: MIRROR } });
    const bad = await call(MIRROR, '/middleware/mirrorRedirect', { method: 'POST', payload: {} });
    expect(bad.statusCode).toBe(422);
  });

  test('POST /middleware/ip answers the edge’s decision for a host and user agent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/middleware/ip',
      remoteAddress: '95.56.0.1',
      payload: { host: OLD, userAgent: 'YandexBot' },
    });
    expect(res.json()).toEqual({
      ip: '95.56.0.1',
      country_code: 'KZ',
      region: 'KZ',
      blocked: false,
      crawler: true,
      retired: true,
    });
  });

  test('logged in on the main host, the player arrives logged in on the mirror', async () => {
    const main = await registerOn(MAIN);
    expect(main.res.json().sso).toBeNull();
    const start = await call(MAIN, `/sso?url=${encodeURIComponent(`http://${MIRROR}/en/faq?x=1`)}`, {
      headers: { cookie: `refresh_token=${main.refresh}` },
    });
    expect(start.statusCode).toBe(302);
    expect(start.headers['cache-control']).toBe('no-store');
    const back = new URL(start.headers.location as string);
    expect(`${back.origin}${back.pathname}${back.search}`).toBe(`http://${MIRROR}/en/faq?x=1`);
    const code = /^#sso_code=([\w-]+)$/.exec(back.hash)?.[1] as string;
    expect(code).toBeTruthy();

    // The code is bound to the mirror: the main host (or any other) cannot use it.
    const elsewhere = await call(MAIN, '/sso/exchange', { method: 'POST', payload: { code } });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json()).toEqual({ errors: { code: ['sso_refused'] } });

    const exchanged = await call(MIRROR, '/sso/exchange', { method: 'POST', payload: { code } });
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json().sso).toBeNull();
    expect(refreshCookie(exchanged)).toBeTruthy();
    expect(await userIdOf(MIRROR, exchanged.json().token)).toBe(await userIdOf(MAIN, main.token));

    // Single use, even on the right host (the first attempt elsewhere already spent it).
    const again = await call(MIRROR, '/sso/exchange', { method: 'POST', payload: { code } });
    expect(again.statusCode).toBe(422);
  });

  test('an exchange on another host is refused and leaves the code to its own host', async () => {
    const main = await registerOn(MAIN);
    const start = await call(MAIN, `/sso?url=${encodeURIComponent(`http://${MIRROR}/`)}`, {
      headers: { cookie: `refresh_token=${main.refresh}` },
    });
    const code = new URL(start.headers.location as string).hash.split('=')[1] as string;
    await call(OLD, '/sso/exchange', { method: 'POST', payload: { code } });
    const late = await call(MIRROR, '/sso/exchange', { method: 'POST', payload: { code } });
    expect(late.statusCode).toBe(200);
  });

  test('a guest on the main host is sent back without a code', async () => {
    const res = await call(MAIN, `/sso?url=${encodeURIComponent(`http://${MIRROR}/faq`)}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`http://${MIRROR}/faq`);
    const revoked = await call(MAIN, `/sso?url=${encodeURIComponent(`http://${MIRROR}/faq`)}`, {
      headers: { cookie: 'refresh_token=not-a-token' },
    });
    expect(revoked.headers.location).toBe(`http://${MIRROR}/faq`);
  });

  test.each([
    'http://evil.example/steal',
    `https://${MIRROR}/`, // the mirror's configured scheme is http
    `http://user:pass@${MIRROR}/`,
    'javascript:alert(1)',
    `//${MIRROR}/`,
    '/relative',
  ])('a forged return address %s is refused, no redirect, no code', async (url) => {
    const main = await registerOn(MAIN);
    const res = await call(MAIN, `/sso?url=${encodeURIComponent(url)}`, {
      headers: { cookie: `refresh_token=${main.refresh}` },
    });
    expect(res.statusCode).toBe(422);
    expect(res.headers.location).toBeUndefined();
    expect(res.json()).toEqual({ errors: { url: ['sso_refused'] } });
  });

  test('only the main host starts single sign-on', async () => {
    const res = await call(MIRROR, `/sso?url=${encodeURIComponent(`http://${MIRROR}/`)}`);
    expect(res.statusCode).toBe(421);
  });

  test('a login on the mirror carries the main host’s link, which logs the player in there too', async () => {
    const mirror = await registerOn(MIRROR);
    const sso = mirror.res.json().sso as string;
    expect(sso).toMatch(new RegExp(`^http://api\\.${MAIN.replace('.', '\\.')}/sso\\?code=[\\w-]+$`));
    const link = new URL(sso);
    link.searchParams.set('url', `http://${MIRROR}/profile`);
    const visit = await call(MAIN, `${link.pathname}${link.search}`);
    expect(visit.statusCode).toBe(302);
    expect(visit.headers.location).toBe(`http://${MIRROR}/profile`);
    const mainRefresh = refreshCookie(visit) as string;
    expect(mainRefresh).toBeTruthy();
    // The main host now knows the player: a later start hands the mirror a code.
    const start = await call(MAIN, `/sso?url=${encodeURIComponent(`http://${MIRROR}/`)}`, {
      headers: { cookie: `refresh_token=${mainRefresh}` },
    });
    expect(start.headers.location).toMatch(/#sso_code=/);
    // The login code was single use.
    const replay = await call(MAIN, `${link.pathname}${link.search}`);
    expect(replay.statusCode).toBe(422);
  });

  test('the login answer on the main host has no sso link', async () => {
    const email = uniqueEmail('sso');
    await call(MAIN, '/api/v2/auth/register/email', {
      method: 'POST',
      payload: { email, password: STRONG_PASSWORD },
    });
    const login = await call(MAIN, '/api/v2/auth/login/email/password', {
      method: 'POST',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(login.json().sso).toBeNull();
    const onMirror = await call(MIRROR, '/api/v2/auth/login/email/password', {
      method: 'POST',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(onMirror.json().sso).toMatch(/\/sso\?code=/);
  });

  test('the yandex verification meta tag is rendered when set', async () => {
    // Pages are not served by this API-only app: the tag is checked in tests/e2e/edge.test.ts.
    expect(t.config.site.yandexVerification).toBe('yandex-123');
  });
});
