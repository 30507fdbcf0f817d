/**
 * robots.txt per host (docs/seo.md). A host of the site lets crawlers in, keeps them out of the API
 * and the profile (a player's own pages, which also say `noindex`) and names its sitemap; any other
 * host (the API's own, one not trusted, a retired mirror) closes everything.
 */
export type CrawlPolicy = { open: true; sitemap: string } | { open: false };

export interface HostFacts {
  /** The trusted site origin of the host asked (src/server/http/origin.ts); null when not trusted. */
  origin: string | null;
  /** The request came to the API's `api.` host. */
  apiHost: boolean;
  /** The host is retired (a mirror the site moved away from): search engines should drop it. */
  retired: boolean;
}

/** What robots.txt says on a host. */
export function crawlPolicy(host: HostFacts): CrawlPolicy {
  if (!host.origin || host.apiHost || host.retired) return { open: false };
  return { open: true, sitemap: new URL('/sitemap.xml', host.origin).href };
}

/** The robots.txt text of a policy. */
export function robotsTxt(policy: CrawlPolicy): string {
  if (!policy.open) return 'User-agent: *\nDisallow: /\n';
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /profile',
    'Disallow: /*/profile',
    '',
    `Sitemap: ${policy.sitemap}`,
    '',
  ].join('\n');
}
