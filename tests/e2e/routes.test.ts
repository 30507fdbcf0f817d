import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LANGUAGE_TAG, LOCALES, type Locale } from '../../src/shared/locales.ts';
import { ROUTES } from '../../src/shared/routes.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(server.url + path, { headers, redirect: 'manual' });
const localized = (sample: string, locale: Locale) =>
  locale === 'ru' ? sample : sample === '/' ? '/en'.replace('en', locale) : `/${locale}${sample}`;
/** A GET's status, headers and body bytes exactly as sent (fetch would decompress them). */
function getRaw(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    request({ host: url.hostname, port: url.port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

/** A GET with a Host header of our choosing (fetch does not let a caller set Host). */
function getWithHost(path: string, host: string): Promise<{ status: number; body: string; csp: string }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    request({ host: url.hostname, port: url.port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body, csp: String(res.headers['content-security-policy']) }),
      );
    })
      .on('error', reject)
      .end();
  });
}
const htmlLang = (html: string) => /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];

describe('every docs/product-rules.md §2 route in every locale', () => {
  const cases = ROUTES.flatMap((route) =>
    LOCALES.map((locale) => [localized(route.sample, locale), locale, route] as const),
  );
  test.each(cases)('%s answers in %s', async (url, locale, route) => {
    const res = await get(url);
    const html = await res.text();
    expect(res.status).toBe(route.status ?? 200);
    expect(htmlLang(html)).toBe(LANGUAGE_TAG[locale]);
    const layout = route.noAccess ? 'no-access' : 'default';
    expect(html).toContain(`data-layout="${layout}"`);
    if (!route.noAccess) expect(html).toContain(`data-game-page="${Boolean(route.game)}"`);
    expect(html).not.toContain('data-testid="not-found"');
  });
});

describe('not found and errors', () => {
  test("an unmatched route is a 404 with 'Page not found: {path}'", async () => {
    const res = await get('/en/nope');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page not found: /en/nope');
  });

  test('the default-locale 404 is translated and names the requested path', async () => {
    const res = await get('/nope');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(htmlLang(html)).toBe('ru');
    expect(html).toContain('Страница не найдена: /nope<');
  });

  test.each([
    '/games/dice/extra',
    '/en/games/cases/unknown',
    '/games/rooms/green',
    '/tournaments/someday',
    '/tournament/abc',
    '/profile/wallet',
    '/policy/ru/kyc',
    '/games/slots/x/buy',
    '/xx/faq',
  ])('%s is a 404', async (url) => {
    expect((await get(url)).status).toBe(404);
  });

  test('/error reads errorCode', async () => {
    const html = await (await get('/en/error?errorCode=451')).text();
    expect(html).toContain('data-error-code="451"');
    expect(html).toContain('not available in your region');
  });
});

describe('locale detection and the locale cookie (docs/product-rules.md §3, §4)', () => {
  test('no cookie and no Accept-Language: served as addressed, cookie set for a year', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^locale=ru;/);
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Lax');
  });

  test.each([
    [{ 'accept-language': 'en-GB,en;q=0.9' }, '/en'],
    [{ 'accept-language': 'pt-BR' }, '/br'],
    [{ 'accept-language': 'kk-KZ,ru;q=0.5' }, '/kz'],
    [{ 'accept-language': 'de-DE' }, '/en'],
    [{ 'accept-language': 'en-US', cookie: 'locale=hi' }, '/hi'],
  ])('root with %j goes to %s', async (headers, target) => {
    const res = await get('/', headers);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(target);
  });

  test.each([[{ 'accept-language': 'ru-RU' }], [{ 'accept-language': 'en-US', cookie: 'locale=ru' }]])(
    'root with %j stays Russian',
    async (headers) => {
      expect((await get('/', headers)).status).toBe(200);
    },
  );

  test('choosing the default locale explicitly stores it and shows the canonical URL', async () => {
    const res = await get('/ru/faq?x=1', { cookie: 'locale=en' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/faq?x=1');
    expect(res.headers.get('set-cookie')).toMatch(/^locale=ru;/);
  });

  test('visiting a locale route switches the cookie to it', async () => {
    const res = await get('/kz/faq', { cookie: 'locale=ru' });
    expect(res.headers.get('set-cookie')).toMatch(/^locale=kz;/);
  });

  test('pages carry hreflang alternates for every locale and x-default', async () => {
    const html = await (await get('/en/games/dice')).text();
    for (const locale of LOCALES) {
      const href = `${server.url}${localized('/games/dice', locale)}`;
      expect(html).toContain(`<link rel="alternate" hreflang="${LANGUAGE_TAG[locale]}" href="${href}"`);
    }
    expect(html).toContain(`hreflang="x-default" href="${server.url}/games/dice"`);
    expect(html).toContain(`<link rel="canonical" href="${server.url}/en/games/dice"`);
  });
});

describe('delivery', () => {
  test('HTML is compressed and hashed assets are cached for a year', async () => {
    const res = await get('/en/faq', { 'accept-encoding': 'br, gzip' });
    expect(res.headers.get('content-encoding')).toMatch(/br|gzip/);
    const html = await res.text();
    const asset = /(\/_astro\/[^"]+\.(css|js))"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const assetRes = await get(asset as string);
    expect(assetRes.status).toBe(200);
    expect(assetRes.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test('built text files are sent as the build compressed them, with the headers of the file itself', async () => {
    // The largest script: the build wrote its .br and .gz (scripts/precompress.mjs).
    const dir = 'dist/client/_astro';
    const script = readdirSync(dir)
      .filter((name) => name.endsWith('.js'))
      .sort((a, b) => readFileSync(`${dir}/${b}`).length - readFileSync(`${dir}/${a}`).length)[0]!;
    for (const [encoding, suffix] of [
      ['br', 'br'],
      ['gzip', 'gz'],
    ] as const) {
      const res = await getRaw(`/_astro/${script}`, { 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^application\/javascript/);
      expect(res.body.equals(readFileSync(`${dir}/${script}.${suffix}`))).toBe(true);
    }
    // The service worker's compressed copy keeps the worker's own caching (never stale).
    const worker = await getRaw('/sw.js', { 'accept-encoding': 'br' });
    expect(worker.headers['content-encoding']).toBe('br');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body.equals(readFileSync('dist/client/sw.js.br'))).toBe(true);
    // A compressed copy is no address of its own.
    expect((await get(`/_astro/${script}.br`)).status).toBe(404);
  });

  test('pages send a CSP allowing only hashed inline scripts, and no framing', async () => {
    const res = await get('/en');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('a forged Host never reaches the canonical and hreflang links or the CSP', async () => {
    const port = new URL(server.url).port;
    const forged = await getWithHost('/en/faq', 'evil.example');
    expect(forged.status).toBe(200);
    const links = forged.body.match(/<link rel="(canonical|alternate)"[^>]*>/g) ?? [];
    expect(links.length).toBe(7);
    for (const link of links) expect(link).toMatch(new RegExp(`href="http://localhost:${port}/`));
    expect(forged.body).not.toContain('evil.example');
    expect(forged.csp).toMatch(new RegExp(`connect-src 'self' ws://localhost:${port}(;|$)`));

    // The host the page was asked for, when trusted, is the one its links and sockets use.
    const own = await getWithHost('/en/faq', `127.0.0.1:${port}`);
    expect(own.body).toContain(`<link rel="canonical" href="http://127.0.0.1:${port}/en/faq">`);
    expect(own.csp).toContain(`connect-src 'self' ws://127.0.0.1:${port}`);
    expect(own.csp).not.toMatch(/ wss?:( |;|$)/);
  });

  test("the cookie-less root is not redirected by fetch's default Accept-Language: *", async () => {
    expect((await get('/', { 'accept-language': '*' })).status).toBe(200);
  });

  test('static files are served as files, not swallowed by page routes', async () => {
    const res = await get('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
  });
});

describe('the prefix strategy and the root redirect are settings', () => {
  let other: RunningServer;
  beforeAll(async () => {
    other = await startServer({ LOCALE_STRATEGY: 'prefix', ROOT_REDIRECT: '/games/crash' });
  });
  afterAll(async () => {
    await other?.stop();
  });
  const at = (path: string, headers: Record<string, string> = {}) =>
    fetch(other.url + path, { headers, redirect: 'manual' });

  test('under "prefix" an unprefixed path redirects to the default locale', async () => {
    const res = await at('/faq');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/ru/faq');
  });

  test('under "prefix" the default locale is served with its prefix', async () => {
    const res = await at('/ru/faq');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`<link rel="canonical" href="${other.url}/ru/faq"`);
  });

  test('the configured root redirect applies to "/"', async () => {
    const res = await at('/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/games/crash');
  });
});

describe('graceful shutdown', () => {
  // The drain is under test, not the deadline: on a loaded 2-core machine ten cold renders can
  // outlast the default 15 s shutdown timeout, so this instance gets a generous one.
  test('SIGTERM finishes in-flight requests, then exits 0', { timeout: 120_000 }, async () => {
    const instance = await startServer({ SHUTDOWN_TIMEOUT_MS: '90000' });
    const inflight = Array.from({ length: 10 }, () => fetch(`${instance.url}/en/faq`).then((r) => r.status));
    await new Promise((r) => setTimeout(r, 30));
    const code = await instance.stop('SIGTERM');
    expect(await Promise.all(inflight)).toEqual(Array(10).fill(200));
    // The log first: when the exit code is wrong, it says why.
    expect(instance.output()).not.toMatch(/shutdown timed out|shutdown failed/);
    expect(code).toBe(0);
  });
});

describe('the game-mirror host (docs/product-rules.md §5)', () => {
  let mirror: RunningServer;
  beforeAll(async () => {
    mirror = await startServer({ GAME_MIRROR_HOST: 'localhost' });
  });
  afterAll(async () => {
    await mirror?.stop();
  });
  const onMirror = (path: string) =>
    fetch(mirror.url.replace('127.0.0.1', 'localhost') + path, { redirect: 'manual' });

  test.each(['/games/crash', '/en/games/coinflip', '/games/cases', '/games/cases/easy'])(
    '%s redirects to /error there',
    async (path) => {
      const res = await onMirror(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toMatch(/\/error\?errorCode=404$/);
    },
  );

  test('other games and other hosts are unaffected', async () => {
    expect((await onMirror('/games/dice')).status).toBe(200);
    expect((await fetch(`${mirror.url}/games/crash`, { redirect: 'manual' })).status).toBe(200);
  });
});

describe('the page cache', () => {
  test("a guest's rendering is never served to a player (regression: profile gate cached for guests)", async () => {
    const guest = await (await get('/en/profile/access')).text();
    expect(guest).toContain('data-state="guest"');
    expect(guest).toContain('data-session="guest"');
    const player = await (await get('/en/profile/access', { cookie: 'token=some.held.token' })).text();
    expect(player).toContain('data-state="user"');
    expect(player).not.toContain('data-session="guest"');
    // And back: the player's rendering is not served to the next guest either.
    expect(await (await get('/en/profile/access')).text()).toContain('data-state="guest"');
  });
});
