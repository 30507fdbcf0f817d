import type { SiteSettings } from '../server/config.ts';
import { offMirror } from '../shared/games.ts';
import {
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  isLocale,
  type Locale,
  localeFromLanguages,
  parseAcceptLanguage,
} from '../shared/locales.ts';
import { TIMING } from '../shared/timing.ts';
import { localizePath, splitLocale } from './routing.ts';

export const LOCALE_COOKIE = 'locale';

/** What a page request becomes: a redirect, or a page in one locale. */
export type PageRoute =
  | { kind: 'redirect'; location: string; status: 301 | 302; remember?: Locale }
  | { kind: 'page'; locale: Locale; path: string; prefixed: boolean };

export interface PageRequest {
  pathname: string;
  search: string;
  hostname: string;
  cookieLocale: string | undefined;
  acceptLanguage: string | null | undefined;
  /** The `showLikeHostMatched` cookie is set (docs/product-rules.md §3, §4). */
  showLikeHost?: boolean;
}

/** docs/product-rules.md §3: the cookie that makes any host show as the special host. */
export const SHOW_LIKE_HOST_COOKIE = 'showLikeHostMatched';

type RouteSettings = Pick<SiteSettings, 'strategy' | 'defaultLocale' | 'rootRedirect' | 'gameMirrorHost'> &
  Partial<Pick<SiteSettings, 'specialHost'>>;

/**
 * Locale on start (docs/product-rules.md §4): the `locale` cookie, else the browser's languages, else the en-US
 * fallback. Detection only redirects the bare root "/" (the entry point); any other URL names its
 * locale. A request without Accept-Language (crawlers, monitors) is served as addressed.
 */
function detectLocale(cookie: string | undefined, acceptLanguage: string | null | undefined): Locale | null {
  if (isLocale(cookie)) return cookie;
  // "*" or an empty header states no preference: serve the page as addressed.
  if (!acceptLanguage || parseAcceptLanguage(acceptLanguage).length === 0) return null;
  return localeFromLanguages(acceptLanguage) ?? FALLBACK_LOCALE;
}

/**
 * The one routing decision for a page URL, shared by the Astro middleware (which renders) and the
 * server's page cache (which answers without rendering), so a cached page is only ever served where
 * a render would have produced that very page.
 */
export function routePage(request: PageRequest, site: RouteSettings): PageRoute {
  const { pathname, search, cookieLocale } = request;
  const { locale: prefixed, path } = splitLocale(pathname);
  const defaultLocale = site.defaultLocale ?? DEFAULT_LOCALE;
  let locale: Locale;
  if (prefixed) {
    locale = prefixed;
    if (site.strategy === 'prefix_except_default' && prefixed === defaultLocale) {
      // An explicit choice of the default locale: remember it, then show the canonical URL.
      return { kind: 'redirect', location: path + search, status: 301, remember: prefixed };
    }
  } else {
    // prefix_except_default and prefix_and_default serve unprefixed paths in the default locale.
    if (path === '/' && site.rootRedirect) {
      return { kind: 'redirect', location: site.rootRedirect + search, status: 302 };
    }
    const detected = path === '/' ? detectLocale(cookieLocale, request.acceptLanguage) : null;
    if (site.strategy === 'prefix') {
      const target = detected ?? (isLocale(cookieLocale) ? cookieLocale : defaultLocale);
      return { kind: 'redirect', location: localizePath(path, target, site.strategy) + search, status: 302 };
    }
    if (detected && detected !== defaultLocale) {
      return { kind: 'redirect', location: localizePath('/', detected, site.strategy) + search, status: 302 };
    }
    locale = defaultLocale;
  }
  // These games are not offered on the game-mirror host (docs/product-rules.md §5).
  if (site.gameMirrorHost && request.hostname.toLowerCase() === site.gameMirrorHost && offMirror(path)) {
    return {
      kind: 'redirect',
      location: `${localizePath('/error', locale, site.strategy)}?errorCode=404`,
      status: 302,
    };
  }
  // On the special host (or with its cookie) a Russian page is shown in English (docs/product-rules.md §4).
  if (locale === 'ru' && (request.showLikeHost || isSpecialHost(request.hostname, site.specialHost))) {
    return {
      kind: 'redirect',
      location: localizePath(path, 'en', site.strategy, defaultLocale) + search,
      status: 302,
    };
  }
  return { kind: 'page', locale, path, prefixed: prefixed !== null };
}

function isSpecialHost(hostname: string, special: string | null | undefined): boolean {
  return !!special && hostname.toLowerCase().replace(/^www\./, '') === special.replace(/^www\./, '');
}

/** The `locale` cookie of docs/product-rules.md §3: 365 days, path /, SameSite lax (none when cross-origin). */
export function localeCookieOptions(crossOrigin: boolean) {
  return {
    path: '/',
    maxAge: TIMING.localeCookieSeconds,
    sameSite: crossOrigin ? ('none' as const) : ('lax' as const),
    secure: crossOrigin,
  };
}

/** The same cookie as a `Set-Cookie` value, for answers that never reach Astro (the page cache). */
export function localeCookieHeader(locale: Locale, crossOrigin: boolean): string {
  const { maxAge, path, sameSite, secure } = localeCookieOptions(crossOrigin);
  const site = sameSite === 'none' ? 'None' : 'Lax';
  // The attribute order of the `cookie` package Astro serializes with, so both answers are identical.
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${maxAge}; Path=${path}${secure ? '; Secure' : ''}; SameSite=${site}`;
}
