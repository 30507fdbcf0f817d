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
      // A claim of YandexBot from an address whose DNS does not name Yandex is no crawler (docs/edge.md "Geo").
      crawler: false,
      retired: true,
    });
  });

  const cookieHeader = (cookies: Record<string, string>): Record<string, string> =>
    Object.keys(cookies).length === 0
      ? {}
      : {
          cookie: Object.entries(cookies)
            .map(([name, value]) => `${name}=${value}`)
            .join('; '),
        };
  const setCookie = (res: { cookies: Array<{ name: string; value: string }> }, name: string) =>
    res.cookies.find((c) => c.name === name) as
      | { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string; maxAge?: number }
      | undefined;
  /** GET /sso on the main host from a browser holding `cookies`, as a mirror page starts it. */
  const start = (
    url: string,
    { state, cookies = {} }: { state?: string; cookies?: Record<string, string> },
  ) =>
    call(MAIN, `/sso?${new URLSearchParams({ url, ...(state ? { state } : {}) })}`, {
      headers: cookieHeader(cookies),
    });
  const fragment = (res: { headers: Record<string, unknown> }) =>
    new URLSearchParams(new URL(res.headers.location as string).hash.slice(1));
  const exchange = (
    host: string,
    code: string,
    state: string | undefined,
    cookies: Record<string, string> = {},
  ) =>
    call(host, '/sso/exchange', {
      method: 'POST',
      payload: { code, ...(state === undefined ? {} : { state }) },
      headers: cookieHeader(cookies),
    });
  const STATE = 'mirror-page-state-0123456789abcdefghijklmnopq';
  const OTHER_STATE = 'another-browser-state-0123456789abcdefghijk';

  describe('single sign-on: main host → mirror', () => {
    test('logged in on the main host, the player arrives logged in on the mirror', async () => {
      const main = await registerOn(MAIN);
      expect(main.res.json().sso).toBeNull();
      const res = await start(`http://${MIRROR}/en/faq?x=1`, {
        state: STATE,
        cookies: { refresh_token: main.refresh },
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      const back = new URL(res.headers.location as string);
      expect(`${back.origin}${back.pathname}${back.search}`).toBe(`http://${MIRROR}/en/faq?x=1`);
      const code = fragment(res).get('sso_code') as string;
      expect(code).toMatch(/^[\w-]{43}$/);
      expect(fragment(res).get('sso_browser')).toMatch(/^[\w-]{43}$/);

      const exchanged = await exchange(MIRROR, code, STATE);
      expect(exchanged.statusCode).toBe(200);
      expect(exchanged.json().sso).toBeNull();
      expect(refreshCookie(exchanged)).toBeTruthy();
      expect(await userIdOf(MIRROR, exchanged.json().token)).toBe(await userIdOf(MAIN, main.token));

      const again = await exchange(MIRROR, code, STATE);
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual({ errors: { code: ['sso_refused'] } });
    });

    test('regression: a code made for another browser is refused and spent (login CSRF through #sso_code=)', async () => {
      const attacker = await registerOn(MAIN);
      const res = await start(`http://${MIRROR}/`, {
        state: STATE,
        cookies: { refresh_token: attacker.refresh },
      });
      const code = fragment(res).get('sso_code') as string;
      // The victim's mirror page sends its own state, or none at all.
      expect((await exchange(MIRROR, code, OTHER_STATE)).statusCode).toBe(422);
      expect((await exchange(MIRROR, code, undefined)).statusCode).toBe(422);
      // Spent at its first try: not even the browser it was made for can use it now.
      expect((await exchange(MIRROR, code, STATE)).statusCode).toBe(422);
    });

    test('regression: a code tried on another host is spent', async () => {
      const main = await registerOn(MAIN);
      const res = await start(`http://${MIRROR}/`, {
        state: STATE,
        cookies: { refresh_token: main.refresh },
      });
      const code = fragment(res).get('sso_code') as string;
      const elsewhere = await exchange(MAIN, code, STATE);
      expect(elsewhere.statusCode).toBe(422);
      expect(elsewhere.json()).toEqual({ errors: { code: ['sso_refused'] } });
      expect((await exchange(MIRROR, code, STATE)).statusCode).toBe(422);
    });

    test('a start without a state gets no code: nothing could bind it to the browser', async () => {
      const main = await registerOn(MAIN);
      const res = await start(`http://${MIRROR}/`, { cookies: { refresh_token: main.refresh } });
      expect(res.statusCode).toBe(302);
      expect(fragment(res).has('sso_code')).toBe(false);
    });

    test('a guest comes back without a code; the main host keeps one browser key per browser', async () => {
      const first = await start(`http://${MIRROR}/faq`, { state: STATE });
      const cookie = setCookie(first, 'sso_browser');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.maxAge).toBeUndefined(); // for the browser session
      expect(first.headers.location).toBe(`http://${MIRROR}/faq#sso_browser=${cookie?.value}`);
      const second = await start(`http://${MIRROR}/faq`, {
        state: STATE,
        cookies: { sso_browser: cookie?.value as string, refresh_token: 'not-a-token' },
      });
      expect(second.headers.location).toBe(`http://${MIRROR}/faq#sso_browser=${cookie?.value}`);
      expect(setCookie(second, 'sso_browser')).toBeUndefined();
    });

    test('a mirror never swaps a session of another player for a code', async () => {
      const held = await registerOn(MIRROR);
      const main = await registerOn(MAIN);
      const res = await start(`http://${MIRROR}/`, {
        state: STATE,
        cookies: { refresh_token: main.refresh },
      });
      const code = fragment(res).get('sso_code') as string;
      const refused = await exchange(MIRROR, code, STATE, { refresh_token: held.refresh });
      expect(refused.statusCode).toBe(422);
      expect(refreshCookie(refused)).toBeUndefined();
      expect((await call(MIRROR, '/profile/user', { headers: bearer(held.token) })).statusCode).toBe(200);
    });
  });

  describe('single sign-on: a login on a mirror → main host', () => {
    /** The main host's key for a new browser, set on its first visit there. */
    const newBrowserKey = async () =>
      setCookie(await start(`http://${MIRROR}/`, { state: STATE }), 'sso_browser')?.value as string;
    /** What the mirror page asks for after a login: the main host's link with a login code. */
    const loginLink = async (token: string, browser: string) => {
      const res = await call(MIRROR, '/sso/code', {
        method: 'POST',
        payload: { browser },
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      return res.json().sso as string;
    };
    /** The browser following that link with the page's address, holding `cookies` on the main host. */
    const visit = (link: string, url: string, cookies: Record<string, string>) => {
      const target = new URL(link);
      target.searchParams.set('url', url);
      return call(MAIN, `${target.pathname}${target.search}`, { headers: cookieHeader(cookies) });
    };

    test('the login answer on a mirror names the main host’s sso; on the main host there is none', async () => {
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
      expect(onMirror.json().sso).toBe(`http://api.${MAIN}/sso`);
    });

    test('a login on the mirror logs the player in on the main host too and comes back', async () => {
      const key = await newBrowserKey();
      const mirror = await registerOn(MIRROR);
      const link = await loginLink(mirror.token, key);
      expect(link).toMatch(new RegExp(`^http://api\\.${MAIN.replace('.', '\\.')}/sso\\?code=[\\w-]{43}$`));
      const visited = await visit(link, `http://${MIRROR}/profile`, { sso_browser: key });
      expect(visited.statusCode).toBe(302);
      expect(visited.headers.location).toBe(`http://${MIRROR}/profile`);
      const mainRefresh = refreshCookie(visited) as string;
      expect(mainRefresh).toBeTruthy();
      // The main host now knows the player: a later start hands the mirror a code.
      const later = await start(`http://${MIRROR}/`, {
        state: STATE,
        cookies: { refresh_token: mainRefresh, sso_browser: key },
      });
      expect(fragment(later).get('sso_code')).toBeTruthy();
      // Single use: a replay comes back to the address without a session, never onto an error page.
      const replay = await visit(link, `http://${MIRROR}/profile`, { sso_browser: key });
      expect(replay.statusCode).toBe(302);
      expect(replay.headers.location).toBe(`http://${MIRROR}/profile`);
      expect(refreshCookie(replay)).toBeUndefined();
    });

    test('regression: a login link opened in another browser logs nobody in (login CSRF through /sso?code=)', async () => {
      const attackerKey = await newBrowserKey();
      const attacker = await registerOn(MIRROR);
      const victim = await registerOn(MAIN);
      const victimKey = await newBrowserKey();
      const browsers: Record<string, string>[] = [
        {},
        { sso_browser: victimKey },
        { sso_browser: victimKey, refresh_token: victim.refresh },
      ];
      for (const cookies of browsers) {
        const res = await visit(await loginLink(attacker.token, attackerKey), `http://${MIRROR}/`, cookies);
        expect(res.statusCode).toBe(302);
        expect(refreshCookie(res)).toBeUndefined();
      }
      // The victim is still themselves on the main host.
      const later = await start(`http://${MIRROR}/`, {
        state: STATE,
        cookies: { refresh_token: victim.refresh },
      });
      const arrived = await exchange(MIRROR, fragment(later).get('sso_code') as string, STATE);
      expect(await userIdOf(MIRROR, arrived.json().token)).toBe(await userIdOf(MAIN, victim.token));
    });

    test('a login on a mirror replaces another player’s session on the main host, which ends', async () => {
      const other = await registerOn(MAIN);
      const key = await newBrowserKey();
      const mirror = await registerOn(MIRROR);
      const res = await visit(await loginLink(mirror.token, key), `http://${MIRROR}/`, {
        sso_browser: key,
        refresh_token: other.refresh,
      });
      expect(refreshCookie(res)).toBeTruthy();
      expect((await call(MAIN, '/profile/user', { headers: bearer(other.token) })).statusCode).toBe(401);
    });

    test('the same player’s session on the main host is kept', async () => {
      const main = await registerOn(MAIN);
      const login = await call(MIRROR, '/api/v2/auth/login/email/password', {
        method: 'POST',
        payload: { email: main.email, password: STRONG_PASSWORD },
      });
      const key = await newBrowserKey();
      const res = await visit(await loginLink(login.json().token, key), `http://${MIRROR}/`, {
        sso_browser: key,
        refresh_token: main.refresh,
      });
      expect(res.statusCode).toBe(302);
      expect(refreshCookie(res)).toBeUndefined();
      expect((await call(MAIN, '/profile/user', { headers: bearer(main.token) })).statusCode).toBe(200);
    });

    test('POST /sso/code: for a player only, and on the main host there is nothing to do', async () => {
      const anonymous = await call(MIRROR, '/sso/code', {
        method: 'POST',
        payload: { browser: 'k'.repeat(43) },
      });
      expect(anonymous.statusCode).toBe(401);
      const main = await registerOn(MAIN);
      const onMain = await call(MAIN, '/sso/code', {
        method: 'POST',
        payload: { browser: 'k'.repeat(43) },
        headers: bearer(main.token),
      });
      expect(onMain.json()).toEqual({ sso: null });
      const empty = await call(MIRROR, '/sso/code', {
        method: 'POST',
        payload: {},
        headers: bearer(main.token),
      });
      expect(empty.statusCode).toBe(422);
    });
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
    const res = await start(url, { state: STATE, cookies: { refresh_token: main.refresh } });
    expect(res.statusCode).toBe(422);
    expect(res.headers.location).toBeUndefined();
    expect(res.json()).toEqual({ errors: { url: ['sso_refused'] } });
  });

  test('only the main host starts single sign-on', async () => {
    const res = await call(MIRROR, `/sso?url=${encodeURIComponent(`http://${MIRROR}/`)}`);
    expect(res.statusCode).toBe(421);
  });

  test('the yandex verification meta tag is rendered when set', async () => {
    // Pages are not served by this API-only app: the tag is checked in tests/e2e/edge.test.ts.
    expect(t.config.site.yandexVerification).toBe('yandex-123');
  });
});
