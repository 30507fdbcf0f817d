import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import {
  LOCALE_COOKIE,
  localeCookieHeader,
  routePage,
  SHOW_LIKE_HOST_COOKIE,
} from '../../i18n/page-route.ts';
import type { Locale } from '../../shared/locales.ts';
import type { SiteSettings } from '../config.ts';
import {
  type CachedPage,
  matchesEtag,
  negotiateEncoding,
  type PageCache,
  pageCacheKey,
} from '../page-cache.ts';
import type { OriginPolicy } from './origin.ts';
import type { ProxyTrust } from './proxy-trust.ts';

/** Paths Fastify answers itself; everything else not static goes to Astro. */
export const SERVER_PATHS = /^\/(api(\/|$)|ws$|healthz$|readyz$)/;

/** The site's files for crawlers, generated per host by Fastify (src/server/http/seo-routes.ts), not pages. */
export const SEO_PATHS = /^\/(robots\.txt|sitemap(-\d+)?\.xml)$/;

/**
 * Whether a request is for the site (a page or a static file) rather than the API: those are not
 * logged one line each (docs/operations.md), and only those can be cached pages.
 */
export function isSiteRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.headers.host?.toLowerCase().startsWith('api.')) return false;
  return !SERVER_PATHS.test(pathOf(req));
}

function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** One cookie's value from the raw header (only `token`, `locale` and `showLikeHostMatched` are read here). */
function cookie(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value; // as the cookie parser leaves a value it cannot decode
    }
  }
  return undefined;
}

/** A host without its port (as Fastify's `request.hostname`). */
function hostnameOf(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':', 1)[0] ?? '');
}

/** A redirect the edge answers instead of a page. */
export interface PageRedirect {
  status: number;
  location: string;
}

/**
 * Where a page request goes instead of its page (docs/edge.md), or null; a promise only while the
 * edge waits for DNS (a claimed crawler from a blocked country).
 */
export type PageEdge = (
  req: IncomingMessage,
  host: string,
  cookieLocale: string | undefined,
) => PageRedirect | null | Promise<PageRedirect | null>;

/**
 * Pages answered from the page cache (docs/performance.md "Pages"). The server's request listener
 * asks `answer` first, before Fastify builds a request: a hit costs a key, a map lookup and one
 * write. A miss goes through Fastify and Astro as before; Astro's middleware stores the rendering
 * under `keyOf`, which makes the same routing decision (src/i18n/page-route.ts).
 */
export class CachedPages {
  /** The security headers every page carries (helmet's), as set on the first page Fastify served. */
  #baseHeaders: OutgoingHttpHeaders | null = null;
  /** The edge's redirects (retired host, blocked country), asked before the cache (docs/edge.md). */
  #edge: PageEdge | undefined;
  /** The built files (scripts, styles, art): never pages, so not looked up. */
  #files: ReadonlySet<string> = new Set();

  readonly cache: PageCache;
  readonly #site: SiteSettings;
  readonly #origins: OriginPolicy;
  readonly #proxies: ProxyTrust;

  constructor(cache: PageCache, site: SiteSettings, origins: OriginPolicy, proxies: ProxyTrust) {
    this.cache = cache;
    this.#site = site;
    this.#origins = origins;
    this.#proxies = proxies;
  }

  /** The host a request was sent to, as Fastify's `request.host` reads it. */
  hostOf(req: IncomingMessage): string {
    return this.#proxies.forwarded(req, 'x-forwarded-host') || req.headers.host || '';
  }

  /** The trusted origin of a request (links, the CSP), as `siteOrigin` finds it; else the canonical one. */
  originOf(req: IncomingMessage): string {
    const host = this.hostOf(req);
    const forwarded = this.#proxies.forwarded(req, 'x-forwarded-proto');
    const protocol = forwarded ?? ((req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http');
    return this.#origins.originFor(host, protocol) ?? this.#origins.canonical;
  }

  /** The cache key of a page request that would render a page (not a redirect); else undefined. */
  keyOf(req: IncomingMessage, origin: string): string | undefined {
    if (this.#site.dev || (req.method !== 'GET' && req.method !== 'HEAD')) return undefined;
    const url = req.url ?? '/';
    const pathname = pathOf(req);
    const route = routePage(
      {
        pathname,
        search: url.slice(pathname.length),
        hostname: hostnameOf(this.hostOf(req)),
        cookieLocale: cookie(req, LOCALE_COOKIE),
        acceptLanguage: req.headers['accept-language'],
        showLikeHost: cookie(req, SHOW_LIKE_HOST_COOKIE) !== undefined,
      },
      this.#site,
    );
    if (route.kind !== 'page') return undefined;
    // Pages vary on one thing a request carries: whether a `token` cookie is held (the header and
    // the profile gate render a guest or a player frame). Everything else about a player is filled
    // in by the browser, so host, locale, URL and that bit identify the HTML.
    const variant = cookie(req, 'token') ? 'player' : 'guest';
    return pageCacheKey({ origin, locale: route.locale, variant, url });
  }

  /** The paths of the built static files, which the cache lookup skips. */
  setStaticFiles(paths: ReadonlySet<string>): void {
    this.#files = paths;
  }

  /** Remembers the headers Fastify's hooks set on a page answer before it is written. */
  rememberBaseHeaders(res: ServerResponse): void {
    this.#baseHeaders ??= res.getHeaders();
  }

  /** Sets the edge's redirects, asked for every page request before the cache. */
  setEdge(edge: PageEdge): void {
    this.#edge = edge;
  }

  /**
   * The edge's redirect of a page request (docs/edge.md), or null: static files, robots.txt and the
   * sitemaps (a retired host answers its own robots.txt) and the API have none.
   */
  edgeRedirect(req: IncomingMessage): ReturnType<PageEdge> {
    if (!this.#edge || !isSiteRequest(req)) return null;
    const path = pathOf(req);
    if (this.#files.has(path) || SEO_PATHS.test(path)) return null;
    return this.#edge(req, this.hostOf(req), cookie(req, LOCALE_COOKIE));
  }

  /**
   * Answers an edge redirect or a cached page before Fastify sees the request; false when it is
   * neither. A promise of that only while the edge waits for DNS (at most its timeout).
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
    const redirect = this.edgeRedirect(req);
    if (redirect instanceof Promise)
      return redirect.then((decided) => this.#redirectOrCached(decided, req, res));
    return this.#redirectOrCached(redirect, req, res);
  }

  #redirectOrCached(redirect: PageRedirect | null, req: IncomingMessage, res: ServerResponse): boolean {
    if (redirect) {
      res.writeHead(redirect.status, { location: redirect.location, 'cache-control': 'no-store' });
      res.end();
      return true;
    }
    if (!this.#baseHeaders || !isSiteRequest(req)) return false;
    const path = pathOf(req);
    if (this.#files.has(path) || SEO_PATHS.test(path)) return false;
    const key = this.keyOf(req, this.originOf(req));
    const page = key === undefined ? undefined : this.cache.get(key);
    if (!page) return false;
    for (const name in this.#baseHeaders) {
      const value = this.#baseHeaders[name];
      if (value !== undefined) res.setHeader(name, value);
    }
    this.send(req, res, page);
    return true;
  }

  /** Writes a cached page: its headers, its ETag (304 when the browser has it), compressed. */
  send(req: IncomingMessage, res: ServerResponse, page: CachedPage): void {
    res.statusCode = page.status;
    for (const [name, value] of page.headers) res.setHeader(name, value);
    if (cookie(req, LOCALE_COOKIE) !== page.locale) {
      res.setHeader(
        'set-cookie',
        localeCookieHeader(page.locale as Locale, this.#site.localeCookieCrossOrigin),
      );
    }
    res.setHeader('vary', 'Accept-Encoding');
    res.setHeader('etag', page.etag);
    if (page.status === 200 && matchesEtag(req.headers['if-none-match'], page.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
    if (encoding !== 'identity') res.setHeader('content-encoding', encoding);
    res.setHeader('content-length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}
