import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGES_CHANGED_CHANNEL, PageCache } from '../page-cache.ts';
import { CachedPages } from './cached-pages.ts';
import { CrawlerCheck } from './edge/crawler-check.ts';
import { GeoGate, GeoLocator } from './edge/geo.ts';
import { MirrorPolicy } from './edge/mirrors.ts';
import { pageEdge } from './edge/page-edge.ts';
import type { FrontDoor } from './fastify.ts';
import { OriginPolicy } from './origin.ts';
import { sharedPlugin } from './plugin.ts';
import type { ProxyTrust } from './proxy-trust.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The hosts links may point to, and the site origin of a request (docs/security.md). */
    origins: OriginPolicy;
    /** Rendered pages (docs/performance.md "Pages"); `invalidatePages` drops them on every instance. */
    pageCache: PageCache;
    invalidatePages(tags?: readonly string[]): Promise<void>;
    /** The cached pages answered before Fastify builds a request; the site fills them (site.ts). */
    cachedPages: CachedPages;
    /** The operator's hosts: main, mirrors, retired ones (docs/edge.md); `isRetiredHost` for robots.txt. */
    mirrors: MirrorPolicy;
    /** The visitor's country and the licence's blocked ones (docs/edge.md "Geo"). */
    geo: GeoGate;
  }
}

/**
 * The site's edge (docs/edge.md, docs/performance.md "Pages"): the cached pages `front` answers
 * before Fastify, and before them the redirects of retired hosts and blocked countries; the page
 * cache and its invalidation across instances. Registered first: its hook is every request's first.
 */
export const siteEdge = sharedPlugin(
  'site-edge',
  async (app: FastifyInstance, { proxies, front }: { proxies: ProxyTrust; front: FrontDoor }) => {
    const { config, bus, crawlerDns, clock } = app.deps;
    const origins = new OriginPolicy({
      publicSiteUrl: config.env.PUBLIC_SITE_URL,
      mirrorHosts: config.env.MIRROR_HOSTS,
      listenHost: config.env.HOST,
      listenPort: config.env.PORT,
    });
    app.decorate('origins', origins);
    const pageCache = new PageCache({
      maxBytes: config.env.PAGE_CACHE_MAX_BYTES,
      ttlMs: config.env.PAGE_CACHE_TTL_SECONDS * 1000,
      ...(clock ? { clock } : {}),
    });
    app.decorate('pageCache', pageCache);
    const pages = new CachedPages(pageCache, config.site, origins, proxies);
    app.decorate('cachedPages', pages);
    front.answer = (req, res) => pages.answer(req, res);
    // The edge (docs/edge.md): retired hosts and blocked countries are redirected before the cache.
    const mirrors = new MirrorPolicy({
      publicSiteUrl: config.env.PUBLIC_SITE_URL,
      mirrorHosts: config.env.MIRROR_HOSTS,
      retiredHosts: config.env.RETIRED_HOSTS,
    });
    app.decorate('mirrors', mirrors);
    const geo = new GeoGate({
      locator: new GeoLocator(config.env.GEO_DATABASE_FILE),
      blocked: config.env.GEO_BLOCKED_COUNTRIES,
      countryHeader: config.env.GEO_COUNTRY_HEADER,
      proxies,
      crawlers: new CrawlerCheck(crawlerDns ? { dns: crawlerDns } : {}),
    });
    app.decorate('geo', geo);
    // Declared where it is read (src/server/modules/auth/http.ts).
    app.decorate('countryOf', (request: FastifyRequest) => geo.locate(request.ip, request.headers).country);
    pages.setEdge(
      (req, host, cookieLocale) => pageEdge(req, host, cookieLocale, { mirrors, geo, site: config.site }),
      config.env.RETIRED_HOSTS.length > 0 || config.env.GEO_BLOCKED_COUNTRIES.length > 0,
    );
    // The server's listener asks before Fastify; this hook answers the same for injected requests.
    app.addHook('onRequest', async (request, reply) => {
      const redirect = await pages.edgeRedirect(request.raw);
      if (redirect)
        return reply
          .code(redirect.status)
          .header('cache-control', 'no-store')
          .redirect(redirect.location, redirect.status);
    });
    // The operator's settings are forgotten with the pages as well (src/server/modules/edge/plugin.ts).
    const stopInvalidations = await bus.subscribe(PAGES_CHANGED_CHANNEL, (payload) => {
      const tags = JSON.parse(payload) as string[] | null;
      pageCache.invalidate(tags ?? undefined);
    });
    app.addHook('onClose', async () => stopInvalidations());
    app.decorate('invalidatePages', async (tags?: readonly string[]) => {
      pageCache.invalidate(tags); // this instance at once; the others through the bus
      await bus.publish(PAGES_CHANGED_CHANNEL, JSON.stringify(tags ?? null));
    });
    app.log.info(
      { trustedHosts: origins.describe(), trustProxy: proxies.describe() },
      origins.configured
        ? 'links are built for these hosts only'
        : 'PUBLIC_SITE_URL is unset: links are built only for this machine’s own addresses',
    );
  },
);
