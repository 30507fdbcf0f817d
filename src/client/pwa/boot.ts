import { TIMING } from '../../shared/timing.ts';
import { pageLocale } from '../site.ts';
import { watchConnection } from './connection.ts';
import type { InstallPromptEvent } from './install-banner.ts';

/**
 * The app shell's first script on every page, kept tiny (docs/pwa.md): it catches the browser's
 * install prompt and chunk load errors as they happen, shows the offline notice while offline,
 * and loads the rest (the service worker, the install banner, consent and third parties) once the
 * page is idle.
 */
let prompt: InstallPromptEvent | null = null;
let offer: ((event: InstallPromptEvent) => void) | null = null;

window.addEventListener('beforeinstallprompt', (event) => {
  // Our banner asks instead of the browser's own bar (docs/product-rules.md §4).
  event.preventDefault();
  prompt = event as InstallPromptEvent;
  offer?.(prompt);
});

/**
 * A script chunk of an older build that is gone from the server: the cached pages name old
 * assets, so they are dropped and the next navigation loads the current build from the network.
 */
function onChunkError(): void {
  navigator.serviceWorker?.controller?.postMessage({ action: 'dropPages' });
  document.documentElement.dataset.chunkError = 'true';
}
window.addEventListener('vite:preloadError', onChunkError);
window.addEventListener('unhandledrejection', (event) => {
  const message = String((event.reason as Error | null)?.message ?? event.reason);
  if (/dynamically imported module|Importing a module script failed|error loading dynamically/i.test(message))
    onChunkError();
});

watchConnection();

// A page with islands (a game) shows them once their catalog is in: its download starts now, beside
// the islands' own code, instead of after that code has run (src/i18n/catalog-loader.ts).
if (document.querySelector('astro-island')) {
  void import('../../i18n/catalog-loader.ts').then((catalogs) => catalogs.islandCatalog(pageLocale()));
}

const idle = (run: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(run) : setTimeout(run, TIMING.idleFallbackMs);

idle(() => {
  void import('./app-shell.ts').then((shell) => {
    offer = shell.start();
    if (prompt) offer(prompt);
  });
});
