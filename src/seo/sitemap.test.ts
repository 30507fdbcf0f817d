import { describe, expect, test } from 'vitest';
import { LOCALES } from '../shared/locales.ts';
import { localeUrls, sitemapFiles, sitemapUrls, urlsetXml } from './sitemap.ts';

const ORIGIN = 'https://orbita.example';

describe('localeUrls', () => {
  test.each([
    ['prefix_except_default', '/faq', 'https://orbita.example/faq', 'https://orbita.example/en/faq'],
    ['prefix', '/faq', 'https://orbita.example/ru/faq', 'https://orbita.example/en/faq'],
    ['prefix_and_default', '/', 'https://orbita.example/ru', 'https://orbita.example/en'],
    ['prefix_except_default', '/', 'https://orbita.example/', 'https://orbita.example/en'],
  ] as const)('%s: %s is %s in Russian and %s in English', (strategy, path, ru, en) => {
    const { byLocale, alternates } = localeUrls(path, ORIGIN, strategy);
    expect(byLocale.ru).toBe(ru);
    expect(byLocale.en).toBe(en);
    expect(alternates.map((a) => a.hreflang)).toEqual(['ru', 'en-US', 'kk', 'pt-BR', 'hi', 'x-default']);
    expect(alternates.at(-1)?.href).toBe(ru);
  });
});

describe('sitemapUrls', () => {
  test('lists every page once per locale, each with the same alternates', () => {
    const urls = sitemapUrls(
      [
        { path: '/', lastmod: '2026-11-26' },
        { path: '/faq', lastmod: '2026-11-01' },
      ],
      ORIGIN,
      'prefix_except_default',
    );
    expect(urls).toHaveLength(2 * LOCALES.length);
    expect(new Set(urls.map((u) => u.loc)).size).toBe(urls.length);
    const faq = urls.filter((u) => u.loc.endsWith('/faq'));
    expect(faq.map((u) => u.lastmod)).toEqual(LOCALES.map(() => '2026-11-01'));
    for (const url of faq) expect(url.alternates.map((a) => a.href)).toContain(url.loc);
  });
});

describe('urlsetXml', () => {
  test('escapes what XML reserves', () => {
    const xml = urlsetXml([
      {
        loc: 'https://x.example/a?b=1&c=<2>',
        lastmod: '2026-11-01',
        alternates: [{ hreflang: 'en', href: "https://x.example/'q'" }],
      },
    ]);
    expect(xml).toContain('<loc>https://x.example/a?b=1&amp;c=&lt;2&gt;</loc>');
    expect(xml).toContain('href="https://x.example/&apos;q&apos;"');
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"',
      ),
    ).toBe(true);
  });
});

describe('sitemapFiles', () => {
  const urls = sitemapUrls(
    ['/a', '/b', '/c'].map((path, i) => ({ path, lastmod: `2026-11-0${i + 1}` })),
    ORIGIN,
    'prefix_except_default',
  );

  test('one file while the URLs fit', () => {
    const files = sitemapFiles(urls, ORIGIN);
    expect([...files.keys()]).toEqual(['/sitemap.xml']);
    expect(files.get('/sitemap.xml')).toContain('<urlset');
  });

  test('an index of numbered files past the limit, each file dated by its newest page', () => {
    const files = sitemapFiles(urls, ORIGIN, LOCALES.length);
    expect([...files.keys()].sort()).toEqual([
      '/sitemap-1.xml',
      '/sitemap-2.xml',
      '/sitemap-3.xml',
      '/sitemap.xml',
    ]);
    const index = files.get('/sitemap.xml') ?? '';
    expect(index).toContain('<sitemapindex');
    expect(index).toContain(
      '<sitemap><loc>https://orbita.example/sitemap-2.xml</loc><lastmod>2026-11-02</lastmod></sitemap>',
    );
    const listed = [...files]
      .filter(([path]) => path !== '/sitemap.xml')
      .flatMap(([, xml]) => xml.match(/<loc>[^<]+/g) ?? []);
    expect(listed).toHaveLength(urls.length);
  });
});
