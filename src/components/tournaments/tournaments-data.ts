import { getT } from '../../i18n/index.ts';
import { localizePath } from '../../i18n/routing.ts';
import { SERVER_TIME_ZONE } from '../../islands/betting/format.ts';
import { dayFormat, momentFormat, type Translate } from '../../islands/tournaments/format.ts';
import type { SiteContent } from '../../server/http/site.ts';
import { formatDate } from '../../shared/date-format.ts';
import { LANGUAGE_TAG } from '../../shared/locales.ts';
import { numberFormat } from '../../shared/number-format.ts';
import { CONTENT_TAGS } from '../../shared/wire/site-content.ts';

/**
 * What the tournament pages and the top read from the server while they render
 * (`Astro.locals.content.tournaments`, src/server/http/site.ts): the lists, one tournament, the
 * top. A page that reads it is tagged `tournaments` (the server drops it when a tournament
 * changes) and kept in the page cache only briefly, since standings and pools move by the minute;
 * the leaderboard island reads the live state anyway.
 */

/** How long a tournament page's rendering is served from the page cache. */
export const TOURNAMENTS_PAGE_MAX_AGE_MS = 30_000;

type TournamentsHook = NonNullable<SiteContent['tournaments']>;

/**
 * What a read came to: the value; `absent` without the hook (`astro dev`); `failed` when it threw
 * (logged). The pages say "unavailable" for both, and a failure is not kept in the page cache.
 */
export type Read<T> = { ok: true; value: T } | { ok: false; reason: 'absent' | 'failed' };

/** Reads tournaments or the top through the server's hook, tagging and shortening the page's cache life. */
export async function tournamentsContent<T>(
  locals: App.Locals,
  what: string,
  read: (tournaments: TournamentsHook) => Promise<T>,
): Promise<Read<T>> {
  locals.cacheTags?.add(CONTENT_TAGS.tournaments);
  locals.cacheMaxAgeMs = Math.min(
    locals.cacheMaxAgeMs ?? TOURNAMENTS_PAGE_MAX_AGE_MS,
    TOURNAMENTS_PAGE_MAX_AGE_MS,
  );
  const tournaments = locals.content?.tournaments;
  if (!tournaments) return { ok: false, reason: 'absent' };
  try {
    return { ok: true, value: await read(tournaments) };
  } catch (err) {
    locals.log?.warn({ err, what }, 'tournaments could not be read for a page');
    return { ok: false, reason: 'failed' };
  }
}

/**
 * The server's view of the tournament components: the page's translations (`exists` too, for
 * the names of games), its language tag, the moment of rendering, dates in the time zone most of
 * the locale's players live in (the server does not know the reader's), links in its locale.
 */
export interface ServerView {
  t: Translate;
  exists: (key: string) => boolean;
  tag: string;
  now: number;
  /** A moment as a short date and time with its zone: "29 Nov 2026, 18:00 MSK". */
  dateTime: (iso: string) => string;
  /** A moment as a date only: "29 Nov 2026". */
  date: (iso: string) => string;
  /** A moment as the top's rows write it: "29 Nov 2026, 18:00". */
  when: (iso: string) => string;
  /** A count in the locale's digits: "1 234". */
  number: (value: number) => string;
  href: (path: string) => string;
}

export function serverView(locals: App.Locals): ServerView {
  const { locale, site } = locals;
  const t = getT(locale);
  const tag = LANGUAGE_TAG[locale];
  const timeZone = SERVER_TIME_ZONE[locale];
  return {
    t: (key, options) => t(key, options ?? {}),
    exists: (key) => t(key, { defaultValue: '' }) !== '',
    tag,
    now: Date.now(),
    dateTime: (iso) => formatDate(iso, tag, momentFormat(timeZone)),
    date: (iso) => formatDate(iso, tag, dayFormat(timeZone)),
    when: (iso) => formatDate(iso, tag, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
    number: (value) => numberFormat(tag).format(value),
    href: (path) => localizePath(path, locale, site.strategy, site.defaultLocale),
  };
}
