import { CASES, type CaseInfo } from '../games/cases/catalogue.ts';
import { type ArtKey, ORIGINALS, ROOMS, SECTIONS } from '../shared/games.ts';
import { ROUTES, TOURNAMENT_STATUSES } from '../shared/routes.ts';
import { SPORTS } from '../shared/sports/feed.ts';

/**
 * What search engines are told about each public page (docs/seo.md): its title and description
 * (catalog keys, so every locale has its own), what it is (for structured data), its breadcrumb
 * parent and its social-card image. Pure data, read by the page head and the server's sitemap.
 */

/** A social-card image (src/pages/art/[image].png.ts): a game's art, a case's, or the brand's. */
export type OgImageKey = ArtKey | `case-${CaseInfo['tier']}` | 'orbita';

/** The size of the social-card images: what networks show a large card at (1.91:1). */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** Decides the structured data of the page (src/seo/structured-data.ts). */
export type PageKind = 'home' | 'faq' | 'game' | 'policy' | 'page';

export interface SeoPage {
  /** The path without a locale prefix. */
  path: string;
  /** `seo.<key>.title` and `seo.<key>.description` in the catalogs. */
  key: string;
  /** Interpolated into the texts after translating them (catalog keys: a case's or room's name). */
  names?: Readonly<Record<string, string>>;
  /** Numbers interpolated into the texts, formatted for the locale (a case's top multiplier). */
  numbers?: Readonly<Record<string, number>>;
  /** The catalog key of the page's short name (breadcrumbs, image alt text). */
  crumb: string;
  /** The path of the page above it in the breadcrumbs (home is always first). */
  parent?: string;
  kind: PageKind;
  image: OgImageKey;
}

const POLICIES: SeoPage[] = [
  { path: '/policy/en/kyc', key: 'policy.enKyc', crumb: 'footer.kyc' },
  { path: '/policy/en/user-agreement', key: 'policy.enUserAgreement', crumb: 'footer.userAgreement' },
  { path: '/policy/ru/confidential', key: 'policy.ruConfidential', crumb: 'footer.confidential' },
  { path: '/policy/ru/user-agreement', key: 'policy.ruUserAgreement', crumb: 'footer.userAgreementRu' },
].map((entry): SeoPage => ({ ...entry, kind: 'policy', image: 'orbita' }));

const page = (path: string, key: string, crumb: string, kind: PageKind = 'page'): SeoPage => ({
  path,
  key,
  crumb,
  kind,
  image: 'orbita',
});

export const SEO_PAGES: readonly SeoPage[] = [
  page('/', 'home', 'meta.siteName', 'home'),
  page('/faq', 'faq', 'meta.pages.faq', 'faq'),
  page('/fairness', 'fairness', 'fairness.title'),
  page('/bonuses', 'bonuses', 'meta.pages.bonuses'),
  page('/vip-club', 'vip', 'meta.pages.vip'),
  page('/responsible-gambling', 'responsible', 'responsiblePage.title'),
  page('/tournaments', 'tournaments', 'meta.pages.tournaments'),
  ...TOURNAMENT_STATUSES.map(
    (status): SeoPage => ({
      ...page(
        `/tournaments/${status}`,
        `tournaments${status[0]!.toUpperCase()}${status.slice(1)}`,
        `pages.tournaments.${status}`,
      ),
      parent: '/tournaments',
    }),
  ),
  page('/top', 'top', 'meta.pages.top'),
  ...POLICIES,
  ...ORIGINALS.map(
    (game): SeoPage => ({
      path: game.path,
      key: `games.${game.catalog}`,
      crumb: `games.${game.catalog}.name`,
      kind: 'game',
      image: game.art,
    }),
  ),
  ...CASES.map(
    (item): SeoPage => ({
      path: `/games/cases/${item.slug}`,
      key: 'case',
      names: { name: `cases.${item.tier}` },
      numbers: { top: item.topMultiplier },
      crumb: `cases.${item.tier}`,
      parent: '/games/cases',
      kind: 'game',
      image: `case-${item.tier}`,
    }),
  ),
  ...ROOMS.map(
    (room): SeoPage => ({
      path: `/games/rooms/${room}`,
      key: 'room',
      names: { name: `rooms.${room}` },
      crumb: `rooms.${room}`,
      parent: '/games/rooms',
      kind: 'game',
      image: 'rooms',
    }),
  ),
  ...SECTIONS.map(
    (section): SeoPage => ({
      path: section.path,
      key: `games.${section.catalog}`,
      crumb: `games.${section.catalog}.name`,
      kind: 'page',
      image: section.art,
    }),
  ),
  ...SPORTS.map(
    (sport): SeoPage => ({
      path: `/betting/${sport}`,
      key: 'bettingSport',
      names: { name: `sports.names.${sport}` },
      crumb: `sports.names.${sport}`,
      parent: '/betting',
      kind: 'page',
      image: 'betting',
    }),
  ),
];

const byPath = new Map(SEO_PAGES.map((entry) => [entry.path, entry]));

/** The search-engine data of the page at `path` (no locale prefix); undefined for private pages and 404s. */
export function seoPage(path: string): SeoPage | undefined {
  return byPath.get(path);
}

/** The URLs a dynamic route pattern stands for, from the registries it is built on. */
const EXPANSIONS: Readonly<Record<string, () => string[]>> = {
  '/games/cases/[slug]': () => CASES.map((item) => `/games/cases/${item.slug}`),
  '/betting/[sport]': () => SPORTS.map((sport) => `/betting/${sport}`),
  '/tournaments/[status]': () => TOURNAMENT_STATUSES.map((status) => `/tournaments/${status}`),
};

/**
 * The paths the sitemap lists (docs/seo.md): every route that is neither private nor a placeholder
 * (src/shared/routes.ts), dynamic ones expanded from their registry, each once.
 */
export function listedPaths(): string[] {
  const paths = ROUTES.filter((route) => !route.seo).flatMap((route) => {
    if (!route.pattern.includes('[')) return [route.pattern];
    const expand = EXPANSIONS[route.pattern];
    if (!expand) throw new Error(`the sitemap cannot list ${route.pattern}: add its expansion`);
    return expand();
  });
  return [...new Set(paths)];
}
