import type { SessionAnswer } from '../shared/api/auth.ts';
import { api } from './api.ts';
import { readToken, writeToken } from './token.ts';

/** The fragment a mirror receives its one-time code in (src/server/modules/edge/sso.ts). */
const CODE = /(?:^#|&)sso_code=([\w-]{16,200})(?:&|$)/;

/** docs/product-rules.md §4 "SSO start": the cookie that says the browser went to the main host already. */
export const SSO_COOKIE = 'ssoRedirected';

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

/** The one-time code in an address's fragment, or null. */
export function ssoCodeOf(hash: string): string | null {
  return CODE.exec(hash)?.[1] ?? null;
}

let arrival: Promise<void> | undefined;

/**
 * Back from the main host with a code: take it out of the address at once, and exchange it for
 * this host's own session when no token is held (a login on this mirror already holds one).
 * Failures leave the visitor a guest (docs/product-rules.md §8). Idempotent.
 */
export function arriveBySso(): Promise<void> {
  arrival ??= (async () => {
    if (typeof window === 'undefined') return;
    const code = ssoCodeOf(window.location.hash);
    if (!code) return;
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', pathname + search);
    if (readToken()) return;
    try {
      const answer = await api().post('sso/exchange', { json: { code } }).json<SessionAnswer>();
      writeToken(answer.token);
    } catch {
      // An expired or spent code: the visitor stays a guest and can log in.
    }
  })();
  return arrival;
}
