import { TIMING } from '../../shared/timing.ts';
import { $busy } from '../../stores/busy.ts';
import { resolveApiBase } from '../api-base.ts';
import { isDevelopment } from '../site.ts';
import { decideReload, isNewBuild } from './updates.ts';

/** The id of the build this page's scripts belong to (astro.config.mjs). */
declare const __BUILD_ID__: string;

/** docs/product-rules.md §4: the worker's states, shown on `<html data-sw>` (tests and support read it). */
type WorkerState = 'registered' | 'activated' | 'update';
const RELOADED_AT = 'swReloadedAt';
const SYNCED_AT = 'syncMirrorsAt';

function setState(state: WorkerState): void {
  document.documentElement.dataset.sw = state;
}

/**
 * Registers /sw.js and keeps it current (docs/pwa.md "Updates"): the worker script is fetched past
 * every cache each 20 s and when the app comes back to the front, `builds/latest.json` is compared
 * with this build, and when a new worker takes over the page reloads (guarded, never mid-round).
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const workers = navigator.serviceWorker;
  // The first worker to take over is not an update: the page already runs its build.
  let controlled = Boolean(workers.controller);
  const registration = await workers.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  setState(workers.controller ? 'activated' : 'registered');
  workers.addEventListener('controllerchange', () => {
    if (controlled) onNewWorker();
    else setState('activated');
    controlled = true;
  });
  const check = () => {
    registration.update().catch(() => undefined);
    void checkBuild(registration);
  };
  setInterval(check, TIMING.serviceWorkerUpdateCheckMs);
  window.addEventListener('focus', check);
  await workers.ready;
  if (workers.controller && document.documentElement.dataset.sw === 'registered') setState('activated');
  requestMirrorSync(registration);
  setInterval(() => requestMirrorSync(registration), TIMING.backgroundSyncIntervalMs);
}

async function checkBuild(registration: ServiceWorkerRegistration): Promise<void> {
  try {
    const res = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
    if (res.ok && isNewBuild(await res.json(), __BUILD_ID__)) {
      setState('update');
      await registration.update();
    }
  } catch {
    // Offline: the next check tries again.
  }
}

function onNewWorker(): void {
  setState('update');
  const last = Number(sessionStorage.getItem(RELOADED_AT));
  const decision = decideReload({
    busy: $busy.get(),
    lastReloadAt: last > 0 ? last : null,
    now: Date.now(),
    guardMs: TIMING.reloadGuardMs,
  });
  // While busy, the new worker has already dropped the old pages: the next navigation gets the new build.
  if (decision !== 'reload') return;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  window.location.reload();
}

/**
 * docs/product-rules.md §4, §9: background sync `sync-data` refreshes the mirror list in the worker, at most
 * every 10 minutes; without Background Sync the worker is asked directly (`syncMirrors`).
 */
function requestMirrorSync(registration: ServiceWorkerRegistration): void {
  const worker = registration.active;
  const last = Number(localStorage.getItem(SYNCED_AT));
  if (!worker || Date.now() - last < TIMING.backgroundSyncIntervalMs) return;
  localStorage.setItem(SYNCED_AT, String(Date.now()));
  const apiBaseUrl = resolveApiBase({
    configuredUrl: document.documentElement.dataset.apiUrl || null,
    dev: isDevelopment(),
    location: window.location,
  });
  const sync = (
    registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }
  ).sync;
  if (sync) {
    worker.postMessage({ action: 'apiBase', apiBaseUrl });
    sync.register('sync-data').catch(() => worker.postMessage({ action: 'syncMirrors', apiBaseUrl }));
  } else {
    worker.postMessage({ action: 'syncMirrors', apiBaseUrl });
  }
}
