import { isLocale } from '../../shared/locales.ts';

/** The service worker's cache of rendered content pages (stale-while-revalidate). */
export const PAGES_CACHE = 'pages';

/**
 * Paths whose pages are about the player (their account, a reset link with its token) or are not
 * pages at all (the API, the realtime channel): never cached by the service worker (docs/pwa.md).
 */
const PRIVATE = /^\/(api|ws|profile|password|reset-password)(\/|$)/;

/**
 * Whether a navigation to `url` may be served from the pages cache. A query string can carry
 * tokens, promo codes or flags that open modals (docs/product-rules.md §2), so such URLs go to the network.
 */
export function isCacheablePage(url: URL): boolean {
  if (url.search) return false;
  const segments = url.pathname.split('/');
  const path = isLocale(segments[1]) ? `/${segments.slice(2).join('/')}` : url.pathname;
  return !PRIVATE.test(path);
}
