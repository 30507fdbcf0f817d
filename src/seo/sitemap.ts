import { localizePath, type Strategy } from '../i18n/routing.ts';
import { DEFAULT_LOCALE, LANGUAGE_TAG, LOCALES, type Locale } from '../shared/locales.ts';

/**
 * The sitemap (https://www.sitemaps.org/protocol.html): every listed page in every locale, each
 * with its hreflang alternates (the same set the page head links, `localeUrls`) and `lastmod`.
 * Pure: the server fills in the origin of the host asked and the dates (docs/seo.md).
 */

/** The protocol's limit of URLs per file; past it the sitemap becomes an index of files. */
export const MAX_URLS_PER_FILE = 50_000;

export interface Alternate {
  hreflang: string;
  href: string;
}

/** A page's URL in each locale, and its `x-default` (the default locale's): canonical and hreflang links. */
export function localeUrls(
  path: string,
  origin: string,
  strategy: Strategy,
  defaultLocale: Locale = DEFAULT_LOCALE,
): { byLocale: Record<Locale, string>; alternates: Alternate[] } {
  const byLocale = Object.fromEntries(
    LOCALES.map((locale) => [locale, new URL(localizePath(path, locale, strategy), origin).href]),
  ) as Record<Locale, string>;
  const alternates = [
    ...LOCALES.map((locale) => ({ hreflang: LANGUAGE_TAG[locale], href: byLocale[locale] })),
    { hreflang: 'x-default', href: byLocale[defaultLocale] },
  ];
  return { byLocale, alternates };
}

export interface SitemapPage {
  path: string;
  /** W3C date (`2026-11-01`) or date-time. */
  lastmod: string;
}

export interface SitemapUrl {
  loc: string;
  lastmod: string;
  alternates: Alternate[];
}

/** One `<url>` per page and locale. */
export function sitemapUrls(pages: readonly SitemapPage[], origin: string, strategy: Strategy): SitemapUrl[] {
  return pages.flatMap(({ path, lastmod }) => {
    const { byLocale, alternates } = localeUrls(path, origin, strategy);
    return LOCALES.map((locale) => ({ loc: byLocale[locale], lastmod, alternates }));
  });
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A `<urlset>` document. */
export function urlsetXml(urls: readonly SitemapUrl[]): string {
  const body = urls
    .map(
      (url) =>
        `<url><loc>${escapeXml(url.loc)}</loc><lastmod>${escapeXml(url.lastmod)}</lastmod>${url.alternates
          .map(
            (a) =>
              `<xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(a.href)}"/>`,
          )
          .join('')}</url>`,
    )
    .join('\n');
  return `${HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}

/** A `<sitemapindex>` document naming the files of a large sitemap. */
export function sitemapIndexXml(files: readonly { loc: string; lastmod: string }[]): string {
  const body = files
    .map((f) => `<sitemap><loc>${escapeXml(f.loc)}</loc><lastmod>${escapeXml(f.lastmod)}</lastmod></sitemap>`)
    .join('\n');
  return `${HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/**
 * The sitemap's files by path: `/sitemap.xml` alone when the URLs fit one file, else
 * `/sitemap.xml` as an index of `/sitemap-1.xml`, `/sitemap-2.xml`…
 */
export function sitemapFiles(
  urls: readonly SitemapUrl[],
  origin: string,
  maxPerFile = MAX_URLS_PER_FILE,
): Map<string, string> {
  if (urls.length <= maxPerFile) return new Map([['/sitemap.xml', urlsetXml(urls)]]);
  const files = new Map<string, string>();
  const index: { loc: string; lastmod: string }[] = [];
  for (let start = 0; start < urls.length; start += maxPerFile) {
    const part = urls.slice(start, start + maxPerFile);
    const path = `/sitemap-${index.length + 1}.xml`;
    files.set(path, urlsetXml(part));
    // W3C dates and date-times order as text: the newest page dates the file.
    const lastmod =
      part
        .map((u) => u.lastmod)
        .sort()
        .at(-1) ?? '';
    index.push({ loc: new URL(path, origin).href, lastmod });
  }
  files.set('/sitemap.xml', sitemapIndexXml(index));
  return files;
}
