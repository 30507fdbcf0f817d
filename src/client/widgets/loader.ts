import {
  ANALYTICS_ORIGIN,
  CDP_SCRIPT_ORIGIN,
  TAG_MANAGER_ORIGIN,
  type ThirdParties,
} from '../../shared/third-parties.ts';
import { TIMING } from '../../shared/timing.ts';
import { pushDataLayer } from '../data-layer.ts';
import { startConsent } from './consent.ts';

type Queue = ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };

declare global {
  interface Window {
    ym?: Queue;
    Ya?: { Metrika2?: unknown };
    analytics?: unknown[] & Record<string, unknown>;
    jivo_api?: { setCustomData?: (data: unknown[]) => void };
    $crisp?: unknown[][];
  }
}

/** The configured parties, as the server rendered them (src/components/AppShell.astro). */
function configured(): ThirdParties {
  const data = document.getElementById('third-parties')?.dataset ?? {};
  return {
    chatScriptUrl: data.chat || null,
    tagManagerId: data.tagManager || null,
    analyticsId: data.analytics || null,
    cdpWriteKey: data.cdp || null,
  };
}

function loadScript(src: string): HTMLScriptElement {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
  return script;
}

/**
 * Loads the configured third parties (docs/product-rules.md §7), each only when configured: the support chat at
 * once (this runs when the page is idle), the tag manager, analytics with session replay and the
 * customer data platform only after the player accepted cookies.
 */
export function startThirdParties(): void {
  const parties = configured();
  if (parties.chatScriptUrl) startChat(parties.chatScriptUrl);
  startConsent(() => {
    if (parties.tagManagerId) startTagManager(parties.tagManagerId);
    if (parties.analyticsId) startAnalytics(parties.analyticsId);
    if (parties.cdpWriteKey) startCdp(parties.cdpWriteKey);
  });
}

/** The chat's page context follows the page, 250 ms after each route change (docs/product-rules.md §9). */
function startChat(src: string): void {
  const update = () => {
    const context = {
      url: window.location.href,
      title: document.title,
      locale: document.documentElement.lang,
    };
    window.jivo_api?.setCustomData?.([{ title: context.title, content: context.url, link: context.url }]);
    window.$crisp?.push(['set', 'session:data', [[['page', context.url]]]]);
    window.dispatchEvent(new CustomEvent('support-chat:context', { detail: context }));
  };
  const later = () => setTimeout(update, TIMING.supportChatRouteUpdateMs);
  loadScript(src).addEventListener('load', later);
  window.addEventListener('popstate', later);
  window.addEventListener('hashchange', later);
}

function startTagManager(id: string): void {
  pushDataLayer({ 'gtm.start': Date.now(), event: 'gtm.js' });
  loadScript(`${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(id)}`);
}

/** Yandex Metrica with Webvisor (session replay); replay readiness is polled every 100 ms up to 10 s. */
function startAnalytics(id: string): void {
  // Metrica's own snippet: calls are queued on `ym.a` until tag.js arrives and replays them.
  const queued: unknown[][] = [];
  const ym: Queue = window.ym ?? Object.assign((...args: unknown[]) => queued.push(args), { a: queued });
  ym.l = Date.now();
  window.ym = ym;
  loadScript(`${ANALYTICS_ORIGIN}/metrika/tag.js`);
  ym(Number(id), 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true, webvisor: true });
  const started = Date.now();
  const poll = setInterval(() => {
    const ready = Boolean(window.Ya?.Metrika2);
    if (ready) pushDataLayer({ event: 'session_replay_ready' });
    if (ready || Date.now() - started >= TIMING.sessionReplayPollMaxMs) clearInterval(poll);
  }, TIMING.sessionReplayPollMs);
}

/** Segment: calls made before its script arrives are queued, as its own snippet does. */
function startCdp(writeKey: string): void {
  const queue = window.analytics ?? ([] as unknown as unknown[] & Record<string, unknown>);
  window.analytics = queue;
  for (const method of ['page', 'track', 'identify', 'reset']) {
    queue[method] ??= (...args: unknown[]) => queue.push([method, ...args]);
  }
  queue._writeKey = writeKey;
  loadScript(`${CDP_SCRIPT_ORIGIN}/analytics.js/v1/${encodeURIComponent(writeKey)}/analytics.min.js`);
  (queue.page as () => void)();
}
