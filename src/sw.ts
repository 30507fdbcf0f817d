/// <reference lib="webworker" />
/**
 * The service worker (docs/pwa.md), built by @vite-pwa/astro in injectManifest mode to /sw.js.
 * Hashed assets are precached; content pages are served stale-while-revalidate; the API, `/ws`
 * and anything holding the player's data go to the network only; a navigation that fails with
 * nothing cached shows the offline page in the player's language.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { offlinePagePath, pickOfflineLocale } from './client/pwa/offline-locale.ts';
import { isCacheablePage, PAGES_CACHE } from './client/pwa/page-rules.ts';
import { rememberApiBase, syncMirrors } from './client/pwa/sync-store.ts';
import { LOCALES } from './shared/locales.ts';
import { TIMING } from './shared/timing.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  cookieStore?: { get(name: string): Promise<{ value: string } | null> };
};
declare const __BUILD_ID__: string;

precacheAndRoute([
  ...self.__WB_MANIFEST,
  // The offline pages are prerendered per locale; the build id is their revision.
  ...LOCALES.map((locale) => ({ url: offlinePagePath(locale), revision: __BUILD_ID__ })),
]);
cleanupOutdatedCaches();

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // Pages cached by the previous build name its assets, which this build no longer serves.
  event.waitUntil(caches.delete(PAGES_CACHE).then(() => self.clients.claim()));
});

const pages = new StaleWhileRevalidate({
  cacheName: PAGES_CACHE,
  plugins: [{ cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) }],
});
const network = new NetworkOnly();

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin,
  (options) => (isCacheablePage(options.url) ? pages : network).handle(options),
);

setCatchHandler(async ({ request, url }) => {
  if (request.mode !== 'navigate') return Response.error();
  const cookie = await self.cookieStore?.get('locale').catch(() => null);
  const page = await matchPrecache(offlinePagePath(pickOfflineLocale(url, cookie?.value)));
  return page ?? Response.error();
});

// The database work of the messages and the sync event runs one at a time, so none overwrites another.
let databaseWork: Promise<unknown> = Promise.resolve();
function serial(run: () => Promise<unknown>): Promise<unknown> {
  databaseWork = databaseWork.then(run, run);
  return databaseWork;
}

self.addEventListener('message', (event) => {
  const data = event.data as { action?: string; apiBaseUrl?: string } | null;
  if (data?.action === 'syncMirrors') {
    event.waitUntil(
      serial(() => syncMirrors(self.location.origin, data.apiBaseUrl, TIMING.backgroundSyncIntervalMs)),
    );
  } else if (data?.action === 'apiBase' && data.apiBaseUrl) {
    // Before a background sync: the sync event carries nothing, so the base URL is kept first.
    const { apiBaseUrl } = data;
    event.waitUntil(serial(() => rememberApiBase(apiBaseUrl)));
  } else if (data?.action === 'dropPages') {
    event.waitUntil(caches.delete(PAGES_CACHE));
  }
});

self.addEventListener('sync', (event) => {
  const sync = event as Event & { tag: string; waitUntil(p: Promise<unknown>): void };
  if (sync.tag === 'sync-data')
    sync.waitUntil(
      serial(() => syncMirrors(self.location.origin, undefined, TIMING.backgroundSyncIntervalMs)),
    );
});
