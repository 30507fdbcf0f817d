import { readdirSync, readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { listedPaths } from '../../seo/pages.ts';
import { crawlPolicy, robotsTxt } from '../../seo/robots.ts';
import { sitemapFiles, sitemapUrls } from '../../seo/sitemap.ts';
import { offMirror } from '../../shared/games.ts';
import type { SiteSettings } from '../config.ts';
import { PrecompressedTexts } from './precompressed.ts';

/**
 * /robots.txt and /sitemap.xml per host (docs/seo.md). Both are built once per trusted origin, kept
 * compressed with an ETag, and answered from memory: a crawler's fetch costs a map lookup.
 */
export interface SeoRoutesOptions {
  site: SiteSettings;
  /** When the site was built: the `lastmod` of pages whose content is the code's. */
  builtAt: Date;
  /** The retired hosts (a mirror the site moved away from): their robots.txt closes everything. */
  isRetired?: (hostname: string) => boolean;
}

/** The folder of the policy documents, whose front matter dates them (`updated:`). */
const POLICY_DIR = new URL('../../content/policy/', import.meta.url);

/** `/policy/<lang>/<doc>` → its `updated` date, read once from the documents. */
export function policyDates(dir: URL = POLICY_DIR): Map<string, string> {
  const dates = new Map<string, string>();
  for (const lang of readdirSync(dir)) {
    for (const file of readdirSync(new URL(`${lang}/`, dir))) {
      const text = readFileSync(new URL(`${lang}/${file}`, dir), 'utf8');
      const updated = /^updated:\s*['"]?(\d{4}-\d{2}-\d{2})/m.exec(text)?.[1];
      if (updated) dates.set(`/policy/${lang}/${file.replace(/\.md$/, '')}`, updated);
    }
  }
  return dates;
}

const w3cDateTime = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

export async function seoRoutes(app: FastifyInstance, options: SeoRoutesOptions): Promise<void> {
  const { site, isRetired = () => false } = options;
  const built = w3cDateTime(options.builtAt);
  const policies = policyDates();
  const texts = new PrecompressedTexts();

  const originOf = (request: FastifyRequest) => app.origins.originFor(request.host, request.protocol);

  /** The sitemap files of an origin: the game-mirror host leaves out the games it does not offer. */
  function sitemapOf(origin: string): Map<string, string> {
    const mirror = site.gameMirrorHost !== null && new URL(origin).hostname === site.gameMirrorHost;
    const pages = listedPaths()
      .filter((path) => !(mirror && offMirror(path)))
      .map((path) => ({ path, lastmod: policies.get(path) ?? built }));
    return sitemapFiles(sitemapUrls(pages, origin, site.strategy), origin);
  }
  const sitemaps = new Map<string, Map<string, string>>();

  async function send(request: FastifyRequest, reply: FastifyReply, key: string, type: string, text: string) {
    const entry = await texts.get(key, text);
    const choice = PrecompressedTexts.choose(request.raw, entry);
    reply
      .header('content-type', type)
      .header('cache-control', 'public, max-age=3600')
      .header('vary', 'Accept-Encoding')
      .header('etag', entry.etag);
    if (choice === 'not-modified') return reply.code(304).send();
    if (choice !== 'identity') reply.header('content-encoding', choice);
    return reply.send(entry[choice]);
  }

  app.get('/robots.txt', { compress: false, schema: { hide: true } }, async (request, reply) => {
    const hostname = request.hostname.toLowerCase();
    const text = robotsTxt(
      crawlPolicy({
        origin: originOf(request),
        apiHost: hostname.startsWith('api.'),
        retired: isRetired(hostname),
      }),
    );
    return send(request, reply, `robots|${text}`, 'text/plain; charset=utf-8', text);
  });

  async function sitemap(request: FastifyRequest, reply: FastifyReply, path: string) {
    const origin = originOf(request);
    // A host that is not trusted gets no links (docs/security.md), so no sitemap either.
    if (!origin) return reply.code(404).send();
    let files = sitemaps.get(origin);
    if (!files) {
      files = sitemapOf(origin);
      if (sitemaps.size >= 64) sitemaps.clear();
      sitemaps.set(origin, files);
    }
    const xml = files.get(path);
    if (xml === undefined) return reply.code(404).send();
    return send(request, reply, `${origin}|${path}`, 'application/xml; charset=utf-8', xml);
  }

  const routeOptions = { compress: false, schema: { hide: true } } as const;
  app.get('/sitemap.xml', routeOptions, (request, reply) => sitemap(request, reply, '/sitemap.xml'));
  app.get<{ Params: { part: string } }>('/sitemap-:part(^\\d+).xml', routeOptions, (request, reply) =>
    sitemap(request, reply, `/sitemap-${request.params.part}.xml`),
  );
}
