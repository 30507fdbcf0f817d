import { defineMiddleware } from 'astro:middleware';
import { LOCALE_COOKIE, localeCookieOptions, routePage, SHOW_LIKE_HOST_COOKIE } from './i18n/page-route.ts';
import { localizePath } from './i18n/routing.ts';
import { redactUrl } from './server/http/log-redaction.ts';
import { loadSiteSettingsFromEnv } from './server/site-settings.ts';
import type { Locale } from './shared/locales.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  // Files written at build time (the game artwork) are not pages: no locale, no cookie.
  if (context.isPrerendered) return next();
  const site = context.locals.site ?? loadSiteSettingsFromEnv();
  context.locals.site = site;
  const { pathname, search } = context.url;
  const cookieLocale = context.cookies.get(LOCALE_COOKIE)?.value;
  context.locals.requestedPath = pathname;

  const route = routePage(
    {
      pathname,
      search,
      hostname: context.url.hostname,
      cookieLocale,
      acceptLanguage: context.request.headers.get('accept-language'),
      showLikeHost: context.cookies.has(SHOW_LIKE_HOST_COOKIE),
    },
    site,
  );
  if (route.kind === 'redirect') {
    if (route.remember)
      rememberLocale(context.cookies, route.remember, cookieLocale, site.localeCookieCrossOrigin);
    return context.redirect(route.location, route.status);
  }
  const { locale, path } = route;
  context.locals.path = path;
  context.locals.locale = locale;
  context.locals.cacheTags = new Set();
  rememberLocale(context.cookies, locale, cookieLocale, site.localeCookieCrossOrigin);

  try {
    // Pages live under src/pages/[locale]/…: an unprefixed URL renders its default-locale page.
    const response = withConnectSources(
      route.prefixed ? await next() : await next(`/${locale}${path === '/' ? '' : path}${search}`),
      context.locals.connectSrc,
    );
    const { pageCache, pageCacheKey } = context.locals;
    if (
      !pageCache ||
      !pageCacheKey ||
      (response.status !== 200 && response.status !== 404) ||
      !response.headers.get('content-type')?.includes('text/html')
    ) {
      return response;
    }
    // Pages render nothing per player (the browser fills that in), so the HTML can be reused: the
    // server answers the next request with this key from the cache, without coming here.
    const body = await response.text();
    const draft = {
      status: response.status,
      headers: [...response.headers],
      body,
      locale,
      tags: [...context.locals.cacheTags],
      ...(context.locals.cacheMaxAgeMs === undefined ? {} : { maxAgeMs: context.locals.cacheMaxAgeMs }),
    };
    pageCache.put(pageCacheKey, draft).catch((err: unknown) => {
      context.locals.log?.warn({ err }, 'page not cached');
    });
    return new Response(body, { status: response.status, headers: response.headers });
  } catch (error) {
    // A fatal render error sends the visitor to /error (docs/product-rules.md §2), never a blank page.
    context.locals.log?.error({ err: error, path: redactUrl(pathname) }, 'page render failed');
    if (path === '/error') throw error;
    return context.redirect(`${localizePath('/error', locale, site.strategy)}?errorCode=500`, 302);
  }
});

/**
 * The built CSP allows `connect-src 'self'` only; the server names this origin's `/ws` and `api.`
 * host (docs/security.md), so a page never connects to any other host.
 */
function withConnectSources(response: Response, connectSrc: string | undefined): Response {
  const csp = response.headers.get('content-security-policy');
  if (!csp || !connectSrc) return response;
  response.headers.set(
    'content-security-policy',
    csp.replace(/connect-src [^;]*/, `connect-src ${connectSrc}`),
  );
  return response;
}

type Cookies = Parameters<Parameters<typeof defineMiddleware>[0]>[0]['cookies'];

/** Sets the `locale` cookie when it does not already name this locale. */
function rememberLocale(cookies: Cookies, locale: Locale, current: string | undefined, crossOrigin: boolean) {
  if (current === locale) return;
  cookies.set(LOCALE_COOKIE, locale, localeCookieOptions(crossOrigin));
}
