import { call } from './api.ts';
import { readCookie, writeCookie } from './cookies.ts';
import { randomToken } from './random-id.ts';
import { readToken, writeToken } from './token.ts';

/** docs/product-rules.md §4 "SSO start": the cookie that says the browser went to the main host already. */
export const SSO_COOKIE = 'ssoRedirected';
/**
 * The state of the round trip to the main host this page started (docs/edge.md "Single sign-on
 * across mirrors"): the code that comes back is bound to it, so a code from anybody else's round
 * trip is worth nothing here.
 */
export const STATE_COOKIE = 'ssoState';
/** The main host's key for this browser, handed back by its sso: login codes for it are bound to it. */
export const BROWSER_COOKIE = 'ssoBrowser';
/** A round trip takes seconds; the state outlives it comfortably, and goes at the arrival. */
const STATE_SECONDS = 600;

/** The values the main host puts in the fragment (src/server/modules/edge/sso.ts): 32 bytes, base64url. */
const FRAGMENT_VALUE = /^[\w-]{16,200}$/;

export interface SsoStartInput {
  sso: string | null;
  hasToken: boolean;
  search: string;
  ssoCookie: boolean;
  dev: boolean;
  bot: boolean;
}

/**
 * docs/product-rules.md §4 "SSO start": go to the main host only with an sso link, no token, no
 * `no_sso` query, no `ssoRedirected` cookie, outside development, and not for a bot.
 */
export function shouldStartSso(input: SsoStartInput): boolean {
  return (
    input.sso !== null &&
    !input.hasToken &&
    !new URLSearchParams(input.search).has('no_sso') &&
    !input.ssoCookie &&
    !input.dev &&
    !input.bot
  );
}

/** docs/product-rules.md §4: the sso link with the current address encoded in a `url` parameter. */
export function ssoTarget(link: string, current: string): string {
  const url = new URL(link, current);
  url.searchParams.set('url', current);
  return url.href;
}

/** The start of a round trip to the main host: back to `current`, with this page's `state`. */
export function ssoStartUrl(link: string, current: string, state: string): string {
  const url = new URL(ssoTarget(link, current));
  url.searchParams.set('state', state);
  return url.href;
}

/** What the main host's sso put in an address's fragment: a code, its browser key; null when neither. */
export function ssoFragment(hash: string): { code: string | null; browser: string | null } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const value = (name: string) => {
    const found = params.get(name);
    return found && FRAGMENT_VALUE.test(found) ? found : null;
  };
  const code = value('sso_code');
  const browser = value('sso_browser');
  return code || browser ? { code, browser } : null;
}

/**
 * Goes to the main host's sso (docs/product-rules.md §4 "SSO start", and after a refused refresh)
 * with a new random state, kept in this browser until it comes back.
 */
export function startSso(link: string): void {
  const state = randomToken();
  writeCookie(STATE_COOKIE, state, STATE_SECONDS);
  window.location.assign(ssoStartUrl(link, window.location.href, state));
}

let arrival: Promise<void> | undefined;

/**
 * Back from the main host: take its fragment out of the address at once; if this page started
 * the round trip (its state cookie), keep the main host's browser key for the browser session and
 * exchange the code, with the state, for this host's own session, unless a session is held here
 * already (it is never swapped without the player). A fragment this page did not ask for is
 * dropped. Failures leave the visitor a guest (docs/product-rules.md §8). Idempotent.
 */
export function arriveBySso(): Promise<void> {
  arrival ??= (async () => {
    if (typeof window === 'undefined') return;
    const back = ssoFragment(window.location.hash);
    if (!back) return;
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', pathname + search);
    const state = readCookie(STATE_COOKIE);
    if (!state) return;
    writeCookie(STATE_COOKIE, '', 0);
    if (back.browser) writeCookie(BROWSER_COOKIE, back.browser, null);
    if (!back.code || readToken()) return;
    try {
      const answer = await call('POST /sso/exchange', { body: { code: back.code, state } });
      writeToken(answer.token);
    } catch {
      // An expired or spent code: the visitor stays a guest and can log in.
    }
  })();
  return arrival;
}

/**
 * After a login on a mirror (docs/edge.md): the main host's sso link with a login code bound to
 * the browser key this page holds from the main host, or null (no key yet, or the call failed):
 * the player is logged in here either way.
 */
export async function mainHostLoginLink(): Promise<string | null> {
  const browser = readCookie(BROWSER_COOKIE);
  if (!browser) return null;
  try {
    return (await call('POST /sso/code', { body: { browser } })).sso;
  } catch {
    return null;
  }
}
