import { describe, expect, test } from 'vitest';
import { CASES } from '../games/cases/catalogue.ts';
import { LOCALES } from '../shared/locales.ts';
import { ROUTES } from '../shared/routes.ts';
import { pageMeta } from './meta.ts';
import { listedPaths, SEO_PAGES, seoPage } from './pages.ts';

/** What search engines show in full (docs/seo.md): a title up to 60 characters, a description of 50–160. */
const TITLE_MAX = 60;
const DESCRIPTION = { min: 50, max: 160 };

describe('which pages search engines are told about', () => {
  test('the sitemap lists every public route, dynamic ones expanded, each once', () => {
    const listed = listedPaths();
    expect(new Set(listed).size).toBe(listed.length);
    for (const route of ROUTES.filter((r) => !r.seo && !r.pattern.includes('['))) {
      expect(listed).toContain(route.pattern);
    }
    for (const item of CASES) expect(listed).toContain(`/games/cases/${item.slug}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        '/',
        '/faq',
        '/policy/en/kyc',
        '/games/dice',
        '/games/rooms/red',
        '/bonuses',
        '/vip-club',
        '/responsible-gambling',
        '/games/crash',
        '/games/live-casino',
        '/betting',
        '/betting/football',
        '/betting/esports',
      ]),
    );
  });

  test('private pages and placeholders are not listed', () => {
    const listed = listedPaths();
    for (const path of [
      '/profile',
      '/error',
      '/no-access',
      '/password/reset',
      '/tournament/42',
      '/betting/my-bets',
      '/betting/event/sample-event',
      '/games/slots/star-quest/demo',
      '/games/live-casino/live-roulette/play',
    ]) {
      expect(listed).not.toContain(path);
    }
  });

  test('every listed page and every fixed placeholder has its texts; private pages have none', () => {
    for (const path of listedPaths()) expect(seoPage(path), path).toBeDefined();
    for (const route of ROUTES.filter((r) => r.seo === 'placeholder' && !r.pattern.includes('['))) {
      expect(seoPage(route.pattern), route.pattern).toBeDefined();
    }
    for (const route of ROUTES.filter((r) => r.seo === 'private'))
      expect(seoPage(route.sample)).toBeUndefined();
  });
});

describe.each(LOCALES)('titles and descriptions in %s', (locale) => {
  const metas = SEO_PAGES.map((page) => ({ path: page.path, meta: pageMeta(page.path, locale) }));

  test.each(metas.map(({ path, meta }) => [path, meta] as const))(
    '%s fits what search engines show',
    (_path, meta) => {
      expect(meta).toBeDefined();
      expect(meta?.title.length).toBeLessThanOrEqual(TITLE_MAX);
      expect(meta?.description.length).toBeGreaterThanOrEqual(DESCRIPTION.min);
      expect(meta?.description.length).toBeLessThanOrEqual(DESCRIPTION.max);
      expect(meta?.title).not.toMatch(/\{\{|seo\./);
      expect(meta?.description).not.toMatch(/\{\{|seo\./);
    },
  );

  test('no two pages share a title or a description', () => {
    const titles = metas.map(({ meta }) => meta?.title);
    const descriptions = metas.map(({ meta }) => meta?.description);
    expect(titles.filter((t, i) => titles.indexOf(t) !== i)).toEqual([]);
    expect(descriptions.filter((d, i) => descriptions.indexOf(d) !== i)).toEqual([]);
  });

  test('breadcrumbs lead from home through the parent to the page', () => {
    expect(pageMeta('/games/cases/easy', locale)?.trail.map((step) => step.path)).toEqual([
      '/',
      '/games/cases',
      '/games/cases/easy',
    ]);
    expect(pageMeta('/policy/en/kyc', locale)?.trail.map((step) => step.path)).toEqual([
      '/',
      '/policy/en/kyc',
    ]);
    expect(pageMeta('/', locale)?.trail.map((step) => step.path)).toEqual(['/']);
  });
});

test('no two locales share a title or description of the same page', () => {
  for (const page of SEO_PAGES) {
    const texts = LOCALES.map((locale) => pageMeta(page.path, locale));
    expect(new Set(texts.map((m) => m?.title)).size, page.path).toBe(LOCALES.length);
    expect(new Set(texts.map((m) => m?.description)).size, page.path).toBe(LOCALES.length);
  }
});
