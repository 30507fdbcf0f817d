import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { listedPaths } from '../../src/seo/pages.ts';
import { LOCALES, type Locale } from '../../src/shared/locales.ts';
import { ROUTES } from '../../src/shared/routes.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

/** Search engines (docs/seo.md): the sitemap, robots.txt, icons, page texts and structured data. */

let server: RunningServer;
let sitemap: string;
beforeAll(async () => {
  server = await startServer();
  sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
});
afterAll(async () => {
  await server?.stop();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(url.startsWith('http') ? url : server.url + url, { headers, redirect: 'manual' });
const localized = (sample: string, locale: Locale) =>
  locale === 'ru' ? sample : sample === '/' ? `/${locale}` : `/${locale}${sample}`;

/** A GET with a Host header of our choosing (fetch does not let a caller set Host). */
function getWithHost(pathname: string, host: string): Promise<{ status: number; body: string }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    request({ host: url.hostname, port: url.port, path: pathname, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]?.replaceAll('&amp;', '&');
const canonicalOf = (html: string) => attr(html, /<link rel="canonical" href="([^"]+)"/);
const titleOf = (html: string) => attr(html, /<title>([^<]*)<\/title>/);
const descriptionOf = (html: string) => attr(html, /<meta name="description" content="([^"]*)"/);
const noindex = (html: string) => html.includes('<meta name="robots" content="noindex">');
function jsonLd(html: string): Record<string, unknown>[] {
  const text = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!text) return [];
  const data = JSON.parse(text) as Record<string, unknown> | Record<string, unknown>[];
  return Array.isArray(data) ? data : [data];
}
const ofType = (html: string, type: string) => jsonLd(html).find((item) => item['@type'] === type);

describe('the sitemap', () => {
  test('validates against the sitemap XML schema (with the xhtml:link extension)', async () => {
    const dir = path.join(import.meta.dirname, 'fixtures/sitemap');
    const file = (fileName: string) => ({
      fileName,
      contents: readFileSync(path.join(dir, fileName), 'utf8'),
    });
    const result = await validateXML({
      xml: [{ fileName: 'sitemap.xml', contents: sitemap }],
      schema: [file('sitemap-with-alternates.xsd')],
      preload: [file('sitemap.xsd'), file('xhtml-link.xsd')],
    });
    expect(result.errors.map((e) => e.rawMessage)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  test('lists every public route in every locale exactly once, with its alternates and lastmod', () => {
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const expected = listedPaths().flatMap((p) => LOCALES.map((l) => server.url + localized(p, l)));
    expect(locs.map((loc) => (loc?.endsWith('/') ? loc.slice(0, -1) : loc)).sort()).toEqual(
      expected.map((url) => (url.endsWith('/') ? url.slice(0, -1) : url)).sort(),
    );
    for (const route of ROUTES.filter((r) => !r.seo && !r.pattern.includes('['))) {
      expect(locs).toContain(server.url + localized(route.pattern, 'en'));
    }
    expect(sitemap.match(/<url>/g)).toHaveLength(locs.length);
    expect(sitemap.match(/<xhtml:link /g)).toHaveLength(locs.length * (LOCALES.length + 1));
    expect(sitemap.match(/<lastmod>/g)).toHaveLength(locs.length);
    expect(sitemap).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/); // a policy's own date
  });

  test('leaves out private pages and placeholders', () => {
    for (const p of [
      '/en/profile',
      '/en/error',
      '/en/no-access',
      '/en/tournament/42',
      '/en/betting/my-bets',
    ]) {
      expect(sitemap).not.toContain(`${server.url}${p}<`);
    }
    for (const p of ['/en/tournaments', '/en/tournaments/finished', '/en/top'])
      expect(sitemap).toContain(`${server.url}${p}<`);
  });

  test('each listed URL answers 200 with a canonical pointing to itself; no two share a title or description', async () => {
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const loc of locs) {
      const res = await get(loc);
      const html = await res.text();
      expect(res.status, loc).toBe(200);
      expect(canonicalOf(html), loc).toBe(loc);
      expect(noindex(html), loc).toBe(false);
      const title = titleOf(html) ?? '';
      const description = descriptionOf(html) ?? '';
      expect(titles.get(title), `${loc} has the title of`).toBeUndefined();
      expect(descriptions.get(description), `${loc} has the description of`).toBeUndefined();
      titles.set(title, loc);
      descriptions.set(description, loc);
      expect(title.length).toBeLessThanOrEqual(60);
      expect(description.length).toBeGreaterThanOrEqual(50);
      expect(description.length).toBeLessThanOrEqual(160);
    }
  }, 120_000);

  test('is answered compressed with an ETag, and 304 when the crawler has it', async () => {
    const res = await get('/sitemap.xml', { 'accept-encoding': 'br' });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const etag = res.headers.get('etag') ?? '';
    expect(await res.text()).toBe(sitemap);
    expect((await get('/sitemap.xml', { 'if-none-match': etag })).status).toBe(304);
  });

  test('names the host it was asked on, and an untrusted host gets none', async () => {
    const other = await getWithHost('/sitemap.xml', `localhost:${new URL(server.url).port}`);
    expect(other.status).toBe(200);
    expect(other.body).toContain(`<loc>http://localhost:${new URL(server.url).port}/faq</loc>`);
    expect((await getWithHost('/sitemap.xml', 'evil.example')).status).toBe(404);
  });
});

describe('robots.txt per host', () => {
  test('the site host lets crawlers in and names its sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    expect(text).toContain('Disallow: /api/');
    expect(text).not.toMatch(/^Disallow: \/$/m);
  });

  test.each([
    ['the API host', 'api.localhost'],
    ['an untrusted host', 'evil.example'],
  ])('%s closes everything', async (_name, hostname) => {
    const res = await getWithHost('/robots.txt', `${hostname}:${new URL(server.url).port}`);
    expect(res.status).toBe(200);
    expect(res.body).toBe('User-agent: *\nDisallow: /\n');
  });
});

describe('icons and social images', () => {
  test('favicon.ico holds PNG images, the SVG favicon and touch icon are served', async () => {
    const ico = new Uint8Array(await (await get('/favicon.ico')).arrayBuffer());
    expect([...ico.slice(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(ico[4]).toBeGreaterThanOrEqual(1);
    const svg = await get('/favicon.svg');
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    const touch = new Uint8Array(await (await get('/apple-touch-icon.png')).arrayBuffer());
    const view = new DataView(touch.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([180, 180]); // IHDR width, height
  });

  test.each([
    ['/en/games/dice', /\/art\/dice\.png\?v=/],
    ['/en/games/cases/expert', /\/art\/case-expert\.png\?v=/],
    ['/en/faq', /\/art\/orbita\.png\?v=/],
  ])('%s has a 1200×630 PNG card image', async (page, image) => {
    const html = await (await get(page)).text();
    const url = attr(html, /<meta property="og:image" content="([^"]+)"/) ?? '';
    expect(url).toMatch(image);
    expect(url.startsWith(server.url)).toBe(true);
    expect(attr(html, /<meta name="twitter:image" content="([^"]+)"/)).toBe(url);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = new DataView(await res.arrayBuffer());
    expect([png.getUint32(16), png.getUint32(20)]).toEqual([1200, 630]);
  });
});

describe('structured data', () => {
  test('home has Organization and WebSite', async () => {
    const html = await (await get('/en')).text();
    const org = ofType(html, 'Organization');
    expect(org).toMatchObject({ '@context': 'https://schema.org', name: 'Orbita', url: `${server.url}/en` });
    expect(String(org?.logo)).toBe(`${server.url}/apple-touch-icon.png`);
    expect(ofType(html, 'WebSite')).toMatchObject({
      name: 'Orbita',
      url: `${server.url}/en`,
      inLanguage: 'en-US',
    });
  });

  test('the FAQ is an FAQPage with every question and its answer', async () => {
    const html = await (await get('/br/faq')).text();
    const faq = ofType(html, 'FAQPage') as {
      mainEntity: { '@type': string; name: string; acceptedAnswer: { text: string } }[];
    };
    expect(faq.mainEntity.length).toBeGreaterThan(3);
    for (const item of faq.mainEntity) {
      expect(item['@type']).toBe('Question');
      expect(item.name.length).toBeGreaterThan(0);
      expect(item.acceptedAnswer.text.length).toBeGreaterThan(0);
    }
  });

  test.each([
    ['/en/games/rooms/red', ['Orbita', 'Rooms', 'Red room']],
    ['/kz/games/dice', ['Orbita', 'Дайс']],
    ['/policy/ru/confidential', ['Orbita', 'Политика конфиденциальности (на русском)']],
  ])('%s has a BreadcrumbList from home to the page', async (page, names) => {
    const html = await (await get(page)).text();
    const list = ofType(html, 'BreadcrumbList') as {
      itemListElement: { position: number; name: string; item: string }[];
    };
    expect(list.itemListElement.map((step) => step.name)).toEqual(names);
    expect(list.itemListElement.map((step) => step.position)).toEqual(names.map((_, i) => i + 1));
    expect(list.itemListElement.at(-1)?.item).toBe(canonicalOf(html));
  });
});

describe('noindex and status', () => {
  test.each([
    '/en/error?errorCode=500',
    '/en/no-access',
    '/en/profile',
    '/en/profile/history',
    '/en/password/reset',
    '/reset-password/abc',
  ])('%s says noindex', async (page) => {
    const html = await (await get(page)).text();
    expect(noindex(html)).toBe(true);
    expect(jsonLd(html)).toEqual([]);
  });

  test('an unknown route is a 404 with noindex', async () => {
    const res = await get('/en/no-such-page');
    expect(res.status).toBe(404);
    expect(noindex(await res.text())).toBe(true);
  });
});
