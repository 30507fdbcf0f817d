import { ORIGINALS, SECTIONS } from './games.ts';
import { SPORTS } from './sports/feed.ts';

/**
 * Every route of docs/product-rules.md §2, with a sample URL for dynamic segments: the pages below,
 * then the games' and the lobby sections' pages from the registry (`games.ts`). Tests request each
 * one in every locale; pages set the same `game`/`fullWidth` flags on their layout.
 */
export interface RouteInfo {
  pattern: string;
  sample: string;
  /** Game pages are flagged as such (docs/product-rules.md §2). */
  game?: boolean;
  /** Rendered by the no-access layout (docs/product-rules.md §2). */
  noAccess?: boolean;
  /** Answers with a status other than 200 by design. */
  status?: number;
  /**
   * For search engines (docs/seo.md): `private` pages (a player's own, a form behind a mailed link,
   * errors) carry `noindex`; `placeholder` pages (coming soon) are left out of the sitemap until they
   * have content. Every other page is in the sitemap in every locale.
   */
  seo?: 'private' | 'placeholder';
}

export const TOURNAMENT_STATUSES = ['active', 'upcoming', 'finished'] as const;

const PAGES: RouteInfo[] = [
  { pattern: '/', sample: '/' },
  { pattern: '/bonuses', sample: '/bonuses' },
  { pattern: '/error', sample: '/error?errorCode=500', seo: 'private' },
  { pattern: '/faq', sample: '/faq' },
  { pattern: '/fairness', sample: '/fairness' },
  { pattern: '/no-access', sample: '/no-access', noAccess: true, seo: 'private' },
  { pattern: '/password/reset', sample: '/password/reset', seo: 'private' },
  { pattern: '/reset-password/[token]', sample: '/reset-password/abc123', seo: 'private' },
  { pattern: '/policy/en/kyc', sample: '/policy/en/kyc' },
  { pattern: '/policy/en/user-agreement', sample: '/policy/en/user-agreement' },
  { pattern: '/policy/ru/confidential', sample: '/policy/ru/confidential' },
  { pattern: '/policy/ru/user-agreement', sample: '/policy/ru/user-agreement' },
  { pattern: '/profile', sample: '/profile', seo: 'private' },
  { pattern: '/profile/access', sample: '/profile/access', seo: 'private' },
  { pattern: '/profile/bonuses', sample: '/profile/bonuses', seo: 'private' },
  { pattern: '/profile/history', sample: '/profile/history', seo: 'private' },
  { pattern: '/profile/limits', sample: '/profile/limits', seo: 'private' },
  { pattern: '/profile/setting', sample: '/profile/setting', seo: 'private' },
  { pattern: '/responsible-gambling', sample: '/responsible-gambling' },
  { pattern: '/top', sample: '/top' },
  // A tournament runs for days and its id is the operator's (docs/tournaments.md): the lists are
  // for search engines, a tournament's own page is not. No tournament has the sample id: 404.
  { pattern: '/tournament/[id]', sample: '/tournament/42', seo: 'private', status: 404 },
  { pattern: '/tournaments', sample: '/tournaments' },
  { pattern: '/tournaments/[status]', sample: '/tournaments/active' },
  { pattern: '/vip-club', sample: '/vip-club' },
];

/**
 * An original's page and its subpages are game pages; a section's own page is not, its games' are.
 * A game or section that is not playable yet (`soon`) is a placeholder for search engines. A
 * section's game pages frame an outside provider's game (a player's session, or fun money): they
 * are not for search engines, the section's lobby is.
 */
const seoOf = (entry: { status: string }): Pick<RouteInfo, 'seo'> =>
  entry.status === 'soon' ? { seo: 'placeholder' } : {};

const GAME_ROUTES: RouteInfo[] = [
  ...ORIGINALS.flatMap((game) => [
    { pattern: game.path, sample: game.path, game: true, ...seoOf(game) },
    ...('pages' in game ? game.pages.map((page) => ({ ...page, game: true, ...seoOf(game) })) : []),
  ]),
  ...SECTIONS.flatMap((section) => [
    { pattern: section.path, sample: section.path, ...seoOf(section) },
    ...('pages' in section
      ? section.pages.map((page) => ({
          ...page,
          game: true,
          seo: seoOf(section).seo ?? ('private' as const),
        }))
      : []),
  ]),
];

/**
 * The sportsbook's pages below /betting (docs/betting.md "Pages"): a sport's lists (a tournament
 * of it by `?tournament=`), an event's markets and the player's bets. An event lives for hours and
 * the bets are a player's own: neither is for search engines. The sample event is one no feed
 * names: the page says it is not found (404), by design.
 */
const BETTING_ROUTES: RouteInfo[] = [
  { pattern: '/betting/[sport]', sample: `/betting/${SPORTS[0]}` },
  { pattern: '/betting/event/[id]', sample: '/betting/event/sample-event', seo: 'private', status: 404 },
  { pattern: '/betting/my-bets', sample: '/betting/my-bets', seo: 'private' },
];

export const ROUTES: RouteInfo[] = [...PAGES, ...GAME_ROUTES, ...BETTING_ROUTES];
