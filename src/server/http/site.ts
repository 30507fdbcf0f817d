import { existsSync, readdirSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import compression from 'compression';
import type { FastifyInstance } from 'fastify';
import type { PublicOffer } from '../../shared/api/bonus.ts';
import type { SlotGamesAnswer } from '../../shared/api/slots.ts';
import type { SportEvent, SportEventDetail, SportTree } from '../../shared/api/sports.ts';
import type {
  TopCrashRound,
  TopOrder,
  TopPeriod,
  TopRow,
  TournamentCard,
  TournamentDetail,
  TournamentListStatus,
  TournamentWinner,
} from '../../shared/api/tournaments.ts';
import { connectSources } from '../../shared/hosts.ts';
import type { Locale } from '../../shared/locales.ts';
import type { Sport } from '../../shared/sports/feed.ts';
import { thirdPartySources } from '../../shared/third-parties.ts';
import type { SiteContentReader } from '../../shared/wire/site-content.ts';
import type { SiteSettings } from '../config.ts';
import { type CachedPages, SEO_PATHS, SERVER_PATHS } from './cached-pages.ts';
import { seoRoutes } from './seo-routes.ts';

type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (err?: unknown) => void,
  locals?: object,
) => Promise<void>;

function listFiles(root: string, dir = ''): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return listFiles(root, relative);
    // A precompressed copy is the same file in another encoding, never a path of its own.
    return /\.(br|gz)$/.test(entry.name) ? [] : [relative];
  });
}

/**
 * Serves the built site: hashed assets from dist/client with long-lived caching, other static
 * files briefly cached, and every other path rendered by Astro's middleware handler (compressed).
 */
/**
 * What pages read from the server while they render (the Astro pages have no database). A page
 * that shows it tags itself (`Astro.locals.cacheTags`), and a change invalidates that tag.
 */
export interface SiteContent {
  /** Running public bonus campaigns, each in every currency it applies to (tag `bonuses`, docs/bonuses.md). */
  offers(): Promise<PublicOffer[]>;
  /**
   * HOOK (slots pages): the kept slots catalogue, as GET /api/slots/games answers it (tag `slots`):
   * the home lobby's slots row and the game pages' name and facts render from it. Unset, the home
   * shows no slots row and the slots pages read the catalogue in the browser.
   */
  slots?(): Promise<SlotGamesAnswer>;
  /** The kept live lobby, as GET /api/live/games answers it (tag `slots`: the same catalogue). */
  live?(): Promise<SlotGamesAnswer>;
  /** The sportsbook's catalogue (tag `sports`, docs/betting.md): the sport tree, events, one event. */
  sports?: {
    tree(): Promise<SportTree>;
    events(q: {
      sport?: Sport | undefined;
      tournament?: string | undefined;
      phase: 'live' | 'upcoming' | 'all';
      limit: number;
    }): Promise<SportEvent[]>;
    event(id: string): Promise<SportEventDetail | null>;
  };
  /**
   * Tournaments and the top (tag `tournaments`, docs/tournaments.md), as their GET routes answer
   * them for a guest in `locale`.
   */
  tournaments?: {
    list(status: TournamentListStatus, locale: Locale): Promise<TournamentCard[]>;
    detail(id: string, locale: Locale): Promise<TournamentDetail | null>;
    winners(locale: Locale, limit: number): Promise<TournamentWinner[]>;
    top(q: {
      period: TopPeriod;
      order: TopOrder;
      game?: string | undefined;
      limit: number;
    }): Promise<TopRow[]>;
    topCrash(q: { period: TopPeriod; limit: number }): Promise<TopCrashRound[]>;
  };
}

export async function serveSite(
  app: FastifyInstance,
  {
    distDir,
    site,
    pages,
    content,
    siteContent,
    isRetired,
  }: {
    distDir: string;
    site: SiteSettings;
    pages: CachedPages;
    content?: SiteContent;
    /** The operator's settings and search-engine data (docs/edge.md). */
    siteContent?: SiteContentReader;
    /** Retired hosts close their robots.txt (docs/seo.md, docs/edge.md). */
    isRetired?: (hostname: string) => boolean;
  },
) {
  const clientDir = path.join(distDir, 'client');
  const entry = path.join(distDir, 'server', 'entry.mjs');
  if (!existsSync(entry))
    throw new Error(`The site is not built: ${entry} is missing. Run "npm run build" first.`);
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };

  // A fixed set of built files, so a dynamic page route never swallows /sw.js or /favicon.ico.
  const staticPaths = new Set(listFiles(clientDir));
  pages.setStaticFiles(staticPaths);
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text file (scripts/precompress.mjs): sent as they
    // are, never compressed again per request.
    preCompressed: true,
    setHeaders(reply, sentPath) {
      const filePath = sentPath.replace(/\.(br|gz)$/, '');
      // Built assets carry their hash in the name; game art carries it in the query (src/components/art/url.ts).
      const versioned =
        filePath.includes(`${path.sep}_astro${path.sep}`) || filePath.includes(`${path.sep}art${path.sep}`);
      // The worker, the build id and the manifests are checked for updates (docs/pwa.md): never stale.
      const name = path.basename(filePath);
      const fresh = name === 'sw.js' || name === 'latest.json' || name.endsWith('.webmanifest');
      reply.header(
        'cache-control',
        fresh ? 'no-cache' : versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
      if (name.endsWith('.webmanifest')) reply.header('content-type', 'application/manifest+json');
    },
  });

  // robots.txt and the sitemap are built per host; their pages' lastmod is the build's time.
  await app.register(seoRoutes, {
    site,
    builtAt: statSync(entry).mtime,
    ...(isRetired ? { isRetired } : {}),
  });

  const compress = compression({ threshold: 1024 });
  // Configured third parties may connect to their own hosts, and only those (docs/configuration.md).
  const thirdPartyConnect = thirdPartySources(site.thirdParties).connect;
  app.addHook('onRequest', (request, reply, done) => {
    const pathname = (request.raw.url ?? '/').split('?')[0] ?? '/';
    if (
      SERVER_PATHS.test(pathname) ||
      SEO_PATHS.test(pathname) ||
      staticPaths.has(decodeURIComponent(pathname))
    )
      return done();
    const req = request.raw;
    const res = reply.raw;
    // Canonical links and the CSP name the trusted origin, never a forged Host (docs/security.md).
    const origin = pages.originOf(req);
    const key = pages.keyOf(req, origin);
    const hit = key === undefined ? undefined : pages.cache.get(key);
    reply.hijack();
    if (req.method === 'GET') pages.rememberBaseHeaders(res);
    if (hit) return pages.send(req, res, hit);
    const locals = {
      ...(key === undefined ? {} : { pageCache: pages.cache, pageCacheKey: key }),
      site,
      ...(content ? { content } : {}),
      ...(siteContent ? { siteContent } : {}),
      requestId: request.id,
      log: request.log,
      origin,
      connectSrc: [...connectSources(origin, site.publicApiUrl), ...thirdPartyConnect].join(' '),
    };
    compress(req as never, res as never, () => {
      handler(
        req,
        res,
        (err) => {
          if (err) request.log.error({ err }, 'astro handler failed');
          if (!res.headersSent) {
            res.statusCode = 500;
            res.end();
          }
        },
        locals,
      ).catch((err: unknown) => {
        request.log.error({ err }, 'astro render failed');
        if (!res.headersSent) {
          res.statusCode = 500;
          res.end();
        }
      });
    });
  });
}
