/**
 * Hosts that cannot have an `api.` subdomain (localhost, IP addresses, single-label names): the
 * browser calls the API under `/api` on the same origin there (docs/product-rules.md §7's base-URL rule).
 */
export function isBareHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) ||
    hostname.startsWith('[') ||
    !hostname.includes('.')
  );
}

/**
 * Origins a page of the site at `siteOrigin` may connect to (CSP `connect-src`): its own origin
 * and `/ws`, the `api.` host of docs/product-rules.md §7 (over https and wss), and a configured API URL.
 */
export function connectSources(siteOrigin: string, publicApiUrl: string | null): string[] {
  const site = new URL(siteOrigin);
  const ws = (url: URL) => `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`;
  const sources = ["'self'", ws(site)];
  if (!isBareHost(site.hostname)) {
    const api = new URL(`${site.protocol}//api.${site.host.replace(/^www\./i, '')}`);
    sources.push(api.origin, ws(api));
  }
  if (publicApiUrl) {
    const api = new URL(publicApiUrl);
    sources.push(api.origin, ws(api));
  }
  return [...new Set(sources)];
}
