import { getT } from '../../i18n/index.ts';
import { localizePath } from '../../i18n/routing.ts';
import { countryName, SERVER_TIME_ZONE } from '../../islands/betting/format.ts';
import type { Translate } from '../../islands/betting/labels.ts';
import type { BettingView } from '../../islands/betting/views.tsx';
import type { SiteContent } from '../../server/http/site.ts';
import type { SportTree } from '../../shared/api/sports.ts';
import { LANGUAGE_TAG } from '../../shared/locales.ts';
import { SPORTS, type Sport } from '../../shared/sports/feed.ts';
import { CONTENT_TAGS } from '../../shared/wire/site-content.ts';

/**
 * What the betting pages read from the server while they render (`Astro.locals.content.sports`,
 * src/server/http/site.ts): the sport tree, events, one event. A page that reads it is tagged
 * `sports` (the server drops it when the catalogue changes) and kept in the page cache only
 * briefly, since scores and prices move by the minute; the islands read the live state anyway.
 * Without the hook (`astro dev`) or when it fails, null: the islands then read the API.
 */

/** How long a betting page's rendering is served from the page cache. */
export const SPORTS_PAGE_MAX_AGE_MS = 30_000;

type SportsHook = NonNullable<SiteContent['sports']>;

/** Reads the sportsbook through the server's hook; null without one, or when it failed (logged). */
export async function sportsContent<T>(
  locals: App.Locals,
  what: string,
  read: (sports: SportsHook) => Promise<T>,
): Promise<T | null> {
  locals.cacheTags?.add(CONTENT_TAGS.sports);
  locals.cacheMaxAgeMs = Math.min(locals.cacheMaxAgeMs ?? SPORTS_PAGE_MAX_AGE_MS, SPORTS_PAGE_MAX_AGE_MS);
  const sports = locals.content?.sports;
  if (!sports) return null;
  try {
    return await read(sports);
  } catch (err) {
    locals.log?.warn({ err, what }, 'the sportsbook could not be read for a page');
    return null;
  }
}

/**
 * The server's view of the betting components (src/islands/betting/views.tsx): the page's
 * translations, decimal odds, kick-off times in the locale's usual time zone, nothing picked,
 * no price moving; links in the page's locale.
 */
export function serverView(locals: App.Locals): BettingView {
  const { locale, site } = locals;
  const t = getT(locale);
  return {
    t: ((key, options) => t(key, options ?? {})) as Translate,
    locale,
    tag: LANGUAGE_TAG[locale],
    format: 'decimal',
    timeZone: SERVER_TIME_ZONE[locale],
    now: Date.now(),
    picked: new Set(),
    moves: new Map(),
    href: (path) => localizePath(path, locale, site.strategy, site.defaultLocale),
    countries: {},
  };
}

/**
 * The names of the countries a page shows, in its language, for its islands: the server's ICU
 * knows every language's region names, a browser may not (Debian's Chromium has no Kazakh ones).
 */
export function countryNames(locals: App.Locals, codes: Iterable<string>): Record<string, string> {
  const t = getT(locals.locale);
  const translate: Translate = (key, options) => t(key, options ?? {});
  const names: Record<string, string> = {};
  for (const code of codes) names[code] = countryName(code, LANGUAGE_TAG[locals.locale], translate);
  return names;
}

/** The country codes of a sport tree. */
export const treeCountries = (tree: SportTree | null): string[] =>
  (tree ?? []).flatMap((entry) => entry.countries.map((c) => c.country));

/** Whether a path segment names a sport the book offers. */
export function isSport(value: unknown): value is Sport {
  return typeof value === 'string' && (SPORTS as readonly string[]).includes(value);
}
