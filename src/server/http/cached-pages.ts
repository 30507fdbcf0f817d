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
  type Encoding,
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

/** Request shapes whose routing is remembered (`CachedPages#keys`); cleared when full. */
const KEY_MEMO = 10_000;

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

/** The three cookies a page request's routing reads, in one pass over the header. */
interface PageCookies {
  locale: string | undefined;
  token: boolean;
  showLikeHost: boolean;
}

function pageCookies(header: string | undefined): PageCookies {
  const found: PageCookies = { locale: undefined, token: false, showLikeHost: false };
  if (!header) return found;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (name === 'token') found.token = true;
    else if (name === SHOW_LIKE_HOST_COOKIE) found.showLikeHost = true;
    else if (name === LOCALE_COOKIE) {
      const value = part.slice(eq + 1).trim();
      try {
        found.locale = decodeURIComponent(value);
      } catch {
        found.locale = value;
      }
    }
  }
  return found;
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
  #edgeActive = true;
  /** The built files (scripts, styles, art): never pages, so not looked up. */
  #files: ReadonlySet<string> = new Set();
  /**
   * What the routing decided for a request of this shape (host, scheme, URL, the locale cookie,
   * Accept-Language, whether a token is held): its cache key, or null for no page. Routing is a
   * pure function of these (src/i18n/page-route.ts), so a hit skips it. Bounded.
   */
  readonly #keys = new Map<string, string | null>();
  /** Each cached page's whole header block per encoding, for one `writeHead` (built once). */
  readonly #prepared = new WeakMap<CachedPage, Record<Encoding, string[]>>();
  readonly #encodings = new Map<string, Encoding>();

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
    const cookies = pageCookies(req.headers.cookie);
    const route = routePage(
      {
        pathname,
        search: url.slice(pathname.length),
        hostname: hostnameOf(this.hostOf(req)),
        cookieLocale: cookies.locale,
        acceptLanguage: req.headers['accept-language'],
        showLikeHost: cookies.showLikeHost,
      },
      this.#site,
    );
    if (route.kind !== 'page') return undefined;
    // Pages vary on one thing a request carries: whether a `token` cookie is held (the header and
    // the profile gate render a guest or a player frame). Everything else about a player is filled
    // in by the browser, so host, locale, URL and that bit identify the HTML.
    const variant = cookies.token ? 'player' : 'guest';
    return pageCacheKey({ origin, locale: route.locale, variant, url });
  }

  /** `keyOf` remembered for requests of the same shape (see `#keys`). */
  #cachedKeyOf(req: IncomingMessage, cookies: PageCookies): string | undefined {
    const host = this.hostOf(req);
    const proto = this.#proxies.forwarded(req, 'x-forwarded-proto') ?? '';
    const shape = `${req.method}|${host}|${proto}|${req.url}|${cookies.locale ?? ''}|${cookies.token ? 1 : 0}|${cookies.showLikeHost ? 1 : 0}|${req.headers['accept-language'] ?? ''}`;
    const known = this.#keys.get(shape);
    if (known !== undefined) return known ?? undefined;
    const key = this.keyOf(req, this.originOf(req));
    if (this.#keys.size >= KEY_MEMO) this.#keys.clear();
    this.#keys.set(shape, key ?? null);
    return key;
  }

  /** The paths of the built static files, which the cache lookup skips. */
  setStaticFiles(paths: ReadonlySet<string>): void {
    this.#files = paths;
  }

  /** Remembers the headers Fastify's hooks set on a page answer before it is written. */
  rememberBaseHeaders(res: ServerResponse): void {
    this.#baseHeaders ??= res.getHeaders();
  }

  /**
   * Sets the edge's redirects, asked for every page request before the cache; `active`: whether it
   * can redirect at all (retired hosts or blocked countries configured), else it is not asked.
   */
  setEdge(edge: PageEdge, active = true): void {
    this.#edge = edge;
    this.#edgeActive = active;
  }

  /**
   * The edge's redirect of a page request (docs/edge.md), or null: static files, robots.txt and the
   * sitemaps (a retired host answers its own robots.txt) and the API have none.
   */
  edgeRedirect(req: IncomingMessage): ReturnType<PageEdge> {
    if (!this.#edge || !this.#edgeActive || !this.#isPageRequest(req)) return null;
    return this.#edge(req, this.hostOf(req), pageCookies(req.headers.cookie).locale);
  }

  /** A GET or HEAD of the site that is not a built file, robots.txt or a sitemap. */
  #isPageRequest(req: IncomingMessage): boolean {
    if (!isSiteRequest(req)) return false;
    const path = pathOf(req);
    return !this.#files.has(path) && !SEO_PATHS.test(path);
  }

  /**
   * Answers an edge redirect or a cached page before Fastify sees the request; false when it is
   * neither. A promise of that only while the edge waits for DNS (at most its timeout).
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
    if (!this.#isPageRequest(req)) return false;
    const redirect =
      this.#edge && this.#edgeActive
        ? this.#edge(req, this.hostOf(req), pageCookies(req.headers.cookie).locale)
        : null;
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
    if (!this.#baseHeaders) return false;
    const cookies = pageCookies(req.headers.cookie);
    const key = this.#cachedKeyOf(req, cookies);
    const page = key === undefined ? undefined : this.cache.get(key);
    if (!page) return false;
    // One header block written at once: the security headers, the page's, its ETag and encoding.
    if (page.status === 200 && matchesEtag(req.headers['if-none-match'], page.etag)) {
      this.#applyHeaders(res, page, cookies);
      res.statusCode = 304;
      res.end();
      return true;
    }
    const encoding = this.#encodingOf(req.headers['accept-encoding']);
    let block = this.#prepared.get(page);
    if (!block) {
      block = this.#prepare(page);
      this.#prepared.set(page, block);
    }
    const headers =
      cookies.locale === page.locale
        ? block[encoding]
        : [...block[encoding], 'set-cookie', this.#localeCookie(page)];
    res.writeHead(page.status, headers);
    res.end(req.method === 'HEAD' ? undefined : page[encoding]);
    return true;
  }

  /** A page's header block per encoding: the security headers, the page's own, ETag, encoding, length. */
  #prepare(page: CachedPage): Record<Encoding, string[]> {
    // A page's own header replaces the base one of the same name (its CSP carries its script hashes).
    const byName = new Map<string, string[]>();
    for (const name in this.#baseHeaders) {
      const value = this.#baseHeaders[name];
      if (value !== undefined) byName.set(name.toLowerCase(), Array.isArray(value) ? value : [String(value)]);
    }
    for (const [name, value] of page.headers) byName.set(name.toLowerCase(), [value]);
    byName.set('vary', ['Accept-Encoding']);
    byName.set('etag', [page.etag]);
    const common: string[] = [];
    for (const [name, values] of byName) for (const value of values) common.push(name, value);
    const of = (encoding: Encoding) => [
      ...common,
      ...(encoding === 'identity' ? [] : ['content-encoding', encoding]),
      'content-length',
      String(page[encoding].length),
    ];
    return { br: of('br'), gzip: of('gzip'), identity: of('identity') };
  }

  /** `negotiateEncoding`, remembered per header value (browsers send a handful of them). */
  #encodingOf(header: string | undefined): Encoding {
    const key = header ?? '';
    let encoding = this.#encodings.get(key);
    if (!encoding) {
      encoding = negotiateEncoding(header);
      if (this.#encodings.size >= 256) this.#encodings.clear();
      this.#encodings.set(key, encoding);
    }
    return encoding;
  }

  #localeCookie(page: CachedPage): string {
    return localeCookieHeader(page.locale as Locale, this.#site.localeCookieCrossOrigin);
  }

  /** The headers of a cached page set one by one (the 304 path, and `send`); `base`: helmet's too. */
  #applyHeaders(res: ServerResponse, page: CachedPage, cookies: PageCookies, base = true): void {
    if (base)
      for (const name in this.#baseHeaders) {
        const value = this.#baseHeaders[name];
        if (value !== undefined) res.setHeader(name, value);
      }
    for (const [name, value] of page.headers) res.setHeader(name, value);
    if (cookies.locale !== page.locale) res.setHeader('set-cookie', this.#localeCookie(page));
    res.setHeader('vary', 'Accept-Encoding');
    res.setHeader('etag', page.etag);
  }

  /**
   * Writes a cached page through Fastify's answer (its hooks set the security headers already):
   * its headers, its ETag (304 when the browser has it), compressed.
   */
  send(req: IncomingMessage, res: ServerResponse, page: CachedPage): void {
    res.statusCode = page.status;
    this.#applyHeaders(res, page, pageCookies(req.headers.cookie), false);
    if (page.status === 200 && matchesEtag(req.headers['if-none-match'], page.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    const body = page[encoding];
    if (encoding !== 'identity') res.setHeader('content-encoding', encoding);
    res.setHeader('content-length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}
