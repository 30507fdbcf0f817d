import { defineMiddleware } from 'astro:middleware';
import { localizePath, splitLocale } from './i18n/routing.ts';
import { PageCache } from './server/page-cache.ts';
import { loadSiteSettingsFromEnv } from './server/site-settings.ts';
import {
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  isLocale,
  type Locale,
  localeFromLanguages,
  parseAcceptLanguage,
} from './shared/locales.ts';
import { TIMING } from './shared/timing.ts';

const LOCALE_COOKIE = 'locale';
const pageCache = new PageCache();
const MIRROR_BLOCKED = /^\/games\/(crash|coinflip|cases)(\/|$)/;

/**
 * Locale on start (spec §4): the `locale` cookie, else the browser's languages, else the en-US
 * fallback. Detection only redirects the bare root "/" (the entry point); any other URL names its
 * locale. A request without Accept-Language (crawlers, monitors) is served as addressed.
 */
function detectLocale(cookie: string | undefined, acceptLanguage: string | null): Locale | null {
  if (isLocale(cookie)) return cookie;
  // "*" or an empty header states no preference: serve the page as addressed.
  if (!acceptLanguage || parseAcceptLanguage(acceptLanguage).length === 0) return null;
  return localeFromLanguages(acceptLanguage) ?? FALLBACK_LOCALE;
}

export const onRequest = defineMiddleware(async (context, next) => {
  const site = context.locals.site ?? loadSiteSettingsFromEnv();
  context.locals.site = site;
  const { pathname, search } = context.url;
  const { locale: prefixed, path } = splitLocale(pathname);
  const cookieLocale = context.cookies.get(LOCALE_COOKIE)?.value;
  const withQuery = (target: string) => target + search;

  context.locals.requestedPath = pathname;
  context.locals.path = path;

  let locale: Locale;
  if (prefixed) {
    locale = prefixed;
    if (site.strategy === 'prefix_except_default' && prefixed === site.defaultLocale) {
      // An explicit choice of the default locale: remember it, then show the canonical URL.
      rememberLocale(context.cookies, prefixed, cookieLocale, site.localeCookieCrossOrigin);
      return context.redirect(withQuery(path), 301);
    }
  } else {
    // prefix_except_default and prefix_and_default serve unprefixed paths in the default locale.
    if (path === '/' && site.rootRedirect) return context.redirect(withQuery(site.rootRedirect), 302);
    const detected =
      path === '/' ? detectLocale(cookieLocale, context.request.headers.get('accept-language')) : null;
    if (site.strategy === 'prefix') {
      const target = detected ?? (isLocale(cookieLocale) ? cookieLocale : site.defaultLocale);
      return context.redirect(withQuery(localizePath(path, target, site.strategy)), 302);
    }
    if (detected && detected !== site.defaultLocale) {
      return context.redirect(withQuery(localizePath('/', detected, site.strategy)), 302);
    }
    locale = site.defaultLocale ?? DEFAULT_LOCALE;
  }

  // spec §5: these games are not offered on the game-mirror host.
  if (
    site.gameMirrorHost &&
    context.url.hostname.toLowerCase() === site.gameMirrorHost &&
    MIRROR_BLOCKED.test(path)
  ) {
    return context.redirect(`${localizePath('/error', locale, site.strategy)}?errorCode=404`, 302);
  }

  context.locals.locale = locale;
  rememberLocale(context.cookies, locale, cookieLocale, site.localeCookieCrossOrigin);

  const cacheable = context.request.method === 'GET' && !site.dev;
  // Pages vary on one thing a request carries: whether a \`token\` cookie is held (the header and
  // the profile gate render a guest or a player frame). Everything else about a player is filled
  // in by the browser, so host, locale, URL and that bit identify the HTML.
  const variant = context.cookies.get('token')?.value ? 'player' : 'guest';
  const cacheKey = `${context.url.host}|${locale}|${variant}|${path}${search}`;
  const hit = cacheable ? pageCache.get(cacheKey) : undefined;
  if (hit) return new Response(hit.body, { status: hit.status, headers: hit.headers });

  try {
    // Pages live under src/pages/[locale]/…: an unprefixed URL renders its default-locale page.
    const response = prefixed ? await next() : await next(`/${locale}${path === '/' ? '' : path}${search}`);
    if (
      !cacheable ||
      (response.status !== 200 && response.status !== 404) ||
      !response.headers.get('content-type')?.includes('text/html')
    ) {
      return response;
    }
    // Pages render nothing per player (the browser fills that in), so the HTML can be reused.
    const body = await response.text();
    const headers = [...response.headers].filter(([name]) => name !== 'set-cookie');
    pageCache.set(cacheKey, { status: response.status, headers, body, storedAt: Date.now() });
    return new Response(body, { status: response.status, headers: response.headers });
  } catch (error) {
    // A fatal render error sends the visitor to /error (spec §2), never a blank page.
    context.locals.log?.error({ err: error, path: pathname }, 'page render failed');
    if (path === '/error') throw error;
    return context.redirect(`${localizePath('/error', locale, site.strategy)}?errorCode=500`, 302);
  }
});

type Cookies = Parameters<Parameters<typeof defineMiddleware>[0]>[0]['cookies'];

/** The `locale` cookie of spec §3: 365 days, path /, SameSite lax (none when cross-origin). */
function rememberLocale(cookies: Cookies, locale: Locale, current: string | undefined, crossOrigin: boolean) {
  if (current === locale) return;
  cookies.set(LOCALE_COOKIE, locale, {
    path: '/',
    maxAge: TIMING.localeCookieSeconds,
    sameSite: crossOrigin ? 'none' : 'lax',
    secure: crossOrigin,
  });
}
