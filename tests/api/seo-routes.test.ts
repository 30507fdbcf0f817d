import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { OriginPolicy } from '../../src/server/http/origin.ts';
import { seoRoutes } from '../../src/server/http/seo-routes.ts';

/**
 * robots.txt and the sitemap per host (docs/seo.md), on the routes alone: the site's host, a
 * mirror, the game-mirror host, a retired mirror, the API host and a host that is not trusted.
 */
let app: FastifyInstance;
beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_SITE_URL: 'https://orbita.example',
    MIRROR_HOSTS: 'mirror.example,games.example,old.example',
    GAME_MIRROR_HOST: 'games.example',
  });
  app = Fastify();
  app.decorate(
    'origins',
    new OriginPolicy({
      publicSiteUrl: config.env.PUBLIC_SITE_URL,
      mirrorHosts: config.env.MIRROR_HOSTS,
      listenHost: '127.0.0.1',
      listenPort: 3000,
    }),
  );
  await app.register(seoRoutes, {
    site: config.site,
    builtAt: new Date('2026-11-20T10:00:00Z'),
    isRetired: (hostname) => hostname === 'old.example',
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

const get = (url: string, host: string, headers: Record<string, string> = {}) =>
  app.inject({ url, headers: { host, ...headers } });

describe('the sitemap per host', () => {
  test('the site host lists its own URLs, dated by the build or the policy', async () => {
    const res = await get('/sitemap.xml', 'orbita.example');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<loc>https://orbita.example/en/games/coinflip</loc>');
    expect(res.body).toContain('<lastmod>2026-11-20T10:00:00Z</lastmod>');
    expect(res.body).toMatch(
      /<loc>https:\/\/orbita\.example\/policy\/en\/kyc<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/,
    );
    expect(res.body).not.toContain('mirror.example');
  });

  test('a mirror lists the mirror’s URLs', async () => {
    const res = await get('/sitemap.xml', 'mirror.example');
    expect(res.body).toContain('<loc>https://mirror.example/en/faq</loc>');
    expect(res.body).not.toContain('orbita.example');
  });

  test('the game-mirror host leaves out the games it does not offer', async () => {
    const { body } = await get('/sitemap.xml', 'games.example');
    expect(body).toContain('<loc>https://games.example/en/games/dice</loc>');
    for (const path of ['/games/coinflip', '/games/cases', '/games/cases/easy']) {
      expect(body).not.toContain(`https://games.example/en${path}<`);
    }
  });

  test('a host that is not trusted gets no sitemap; numbered files exist only past the limit', async () => {
    expect((await get('/sitemap.xml', 'evil.example')).statusCode).toBe(404);
    expect((await get('/sitemap-1.xml', 'orbita.example')).statusCode).toBe(404);
  });

  test('compressed once, with an ETag the crawler can revalidate', async () => {
    const plain = await get('/sitemap.xml', 'orbita.example');
    const gz = await get('/sitemap.xml', 'orbita.example', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers.etag).toBe(plain.headers.etag);
    const again = await get('/sitemap.xml', 'orbita.example', {
      'if-none-match': String(plain.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('robots.txt per host', () => {
  test.each(['orbita.example', 'mirror.example'])(
    '%s lets crawlers in and names its sitemap',
    async (host) => {
      const res = await get('/robots.txt', host);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).toContain(`Sitemap: https://${host}/sitemap.xml`);
    },
  );

  test.each(['old.example', 'api.orbita.example', 'evil.example'])('%s closes everything', async (host) => {
    expect((await get('/robots.txt', host)).body).toBe('User-agent: *\nDisallow: /\n');
  });
});
