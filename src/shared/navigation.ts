import { SECTIONS } from './games.ts';

/** One link of the site's navigation (the header, the phone menu, the footer). */
export interface NavLink {
  /** Catalog key of its label. */
  readonly label: string;
  /** Its page: a pattern of `routes.ts`, without the locale prefix. */
  readonly path: string;
  /** A fragment to add to the link (the lobby's games on the home page). */
  readonly hash?: string;
  /**
   * `main`: in the header's row on wide screens; `more`: behind the header's More button there.
   * The phone menu and the footer show every link.
   */
  readonly place: 'main' | 'more';
  /** The paths it is the current link for: these and the pages below them (the longest match wins). */
  readonly matches: readonly string[];
}

const page = (label: string, path: string, place: NavLink['place'], matches = [path]): NavLink => ({
  label,
  path,
  place,
  matches,
});

/**
 * The site's navigation, in menu order: the originals (the lobby), the lobby's sections from the
 * game registry (slots, live casino, betting), then bonuses, tournaments, VIP, the leaderboard,
 * fairness and the FAQ. `navigation.test.ts` checks each path is a route.
 */
export const NAV_LINKS: readonly NavLink[] = [
  { label: 'nav.games', path: '/', hash: '#games', place: 'main', matches: ['/games'] },
  ...SECTIONS.map((section) => page(`games.${section.catalog}.name`, section.path, 'main')),
  page('nav.bonuses', '/bonuses', 'main'),
  page('nav.tournaments', '/tournaments', 'main', ['/tournaments', '/tournament']),
  page('nav.vip', '/vip-club', 'main'),
  page('nav.top', '/top', 'more'),
  page('nav.fairness', '/fairness', 'more'),
  page('nav.faq', '/faq', 'more'),
];

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The link of the page at `path` (without the locale prefix), or null: the longest match wins. */
export function currentNavLink(path: string): NavLink | null {
  let best: { link: NavLink; length: number } | null = null;
  for (const link of NAV_LINKS)
    for (const prefix of link.matches)
      if (under(path, prefix) && prefix.length > (best?.length ?? -1)) best = { link, length: prefix.length };
  return best?.link ?? null;
}
