import type { IncomingMessage } from 'node:http';
import { localizePath, splitLocale } from '../../../i18n/routing.ts';
import { isLocale } from '../../../shared/locales.ts';
import type { SiteSettings } from '../../config.ts';
import type { GeoGate } from './geo.ts';
import type { MirrorPolicy } from './mirrors.ts';

/** Where a page request goes instead of its page, decided before the page cache is asked. */
export interface EdgeRedirect {
  status: 301 | 302;
  location: string;
}

export const NO_ACCESS_PATH = '/no-access';

/**
 * The edge's decision for a page request (docs/edge.md): on a retired host a 301 to the current
 * mirror with the same path and query (docs/product-rules.md §7); from a blocked country a 302 to
 * /no-access in the page's locale (docs/product-rules.md §2, §4). Both come before the page cache,
 * so a blocked visitor never gets a cached page other than /no-access, and nobody gets a cached
 * page of a retired host. Everything else: null (the page as usual). A promise only while a
 * claimed crawler's DNS is being checked (docs/edge.md "Geo").
 */
export function pageEdge(
  req: IncomingMessage,
  host: string,
  cookieLocale: string | undefined,
  deps: { mirrors: MirrorPolicy; geo: GeoGate; site: Pick<SiteSettings, 'strategy' | 'defaultLocale'> },
): EdgeRedirect | null | Promise<EdgeRedirect | null> {
  const url = req.url ?? '/';
  if (deps.mirrors.isRetiredHost(host)) {
    const target = deps.mirrors.newLink();
    if (target) return { status: 301, location: target + (url.startsWith('/') ? url : `/${url}`) };
  }
  const pathname = url.split('?', 1)[0] ?? '/';
  const { locale, path } = splitLocale(pathname);
  if (path === NO_ACCESS_PATH) return null;
  const noAccess = (): EdgeRedirect => {
    const target = locale ?? (isLocale(cookieLocale) ? cookieLocale : deps.site.defaultLocale);
    return {
      status: 302,
      location: localizePath(NO_ACCESS_PATH, target, deps.site.strategy, deps.site.defaultLocale),
    };
  };
  const blocked = deps.geo.pageBlocked(req);
  if (typeof blocked === 'boolean') return blocked ? noAccess() : null;
  return blocked.then((verdict) => (verdict ? noAccess() : null));
}
