/**
 * The third parties of docs/product-rules.md §7 the operator may configure: a support chat widget, a
 * tag manager, an analytics service with session replay and a customer data platform. Each is off
 * unless configured. Pure: the server builds the CSP from it, the browser loads the scripts.
 */
export interface ThirdParties {
  /** The chat provider's script (https). */
  chatScriptUrl: string | null;
  /** Google Tag Manager container id. */
  tagManagerId: string | null;
  /** Yandex Metrica counter id (session replay: Webvisor). */
  analyticsId: string | null;
  /** Segment write key. */
  cdpWriteKey: string | null;
}

export const NO_THIRD_PARTIES: ThirdParties = {
  chatScriptUrl: null,
  tagManagerId: null,
  analyticsId: null,
  cdpWriteKey: null,
};

export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';
export const ANALYTICS_ORIGIN = 'https://mc.yandex.ru';
export const CDP_SCRIPT_ORIGIN = 'https://cdn.segment.com';
export const CDP_API_ORIGIN = 'https://api.segment.io';

/** CSP sources per directive for the configured third parties, and nothing for the others. */
export interface ThirdPartySources {
  script: string[];
  connect: string[];
  img: string[];
  frame: string[];
}

export function thirdPartySources(parties: ThirdParties): ThirdPartySources {
  const sources: ThirdPartySources = { script: [], connect: [], img: [], frame: [] };
  const add = (origin: string, ...directives: (keyof ThirdPartySources)[]) => {
    for (const d of directives) if (!sources[d].includes(origin)) sources[d].push(origin);
  };
  if (parties.chatScriptUrl) {
    // A chat widget talks to its own host over https and wss and draws its window in a frame.
    const url = new URL(parties.chatScriptUrl);
    add(url.origin, 'script', 'connect', 'img', 'frame');
    add(`wss://${url.host}`, 'connect');
  }
  if (parties.tagManagerId) add(TAG_MANAGER_ORIGIN, 'script', 'connect', 'img');
  if (parties.analyticsId) add(ANALYTICS_ORIGIN, 'script', 'connect', 'img', 'frame');
  if (parties.cdpWriteKey) {
    add(CDP_SCRIPT_ORIGIN, 'script', 'connect');
    add(CDP_API_ORIGIN, 'connect');
  }
  return sources;
}

/** Whether any configured party needs cookie consent (all but the support chat). */
export function needsConsent(parties: ThirdParties): boolean {
  return Boolean(parties.tagManagerId || parties.analyticsId || parties.cdpWriteKey);
}

/** What a page's CSP needs to allow (Astro's `Astro.csp`). */
interface PageCsp {
  insertScriptResource(resource: string): void;
  insertDirective(directive: string): void;
}

/**
 * Adds the configured third parties' hosts to a page's CSP (connect-src is set by the server:
 * src/server/http/site.ts). Called from a layout's frontmatter: an insertion made after the page
 * started streaming (after an `await` in an earlier component) would miss the header. A first
 * inserted script resource replaces the built `script-src 'self'`, so 'self' is named again.
 */
export function thirdPartyCsp(csp: PageCsp, parties: ThirdParties): void {
  const sources = thirdPartySources(parties);
  if (sources.script.length) csp.insertScriptResource("'self'");
  for (const origin of sources.script) csp.insertScriptResource(origin);
  if (sources.img.length) csp.insertDirective(`img-src ${sources.img.join(' ')}`);
  if (sources.frame.length) csp.insertDirective(`frame-src ${sources.frame.join(' ')}`);
}
