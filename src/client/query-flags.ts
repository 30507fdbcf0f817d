import { $registerVip } from '../stores/auth-flow.ts';
import { openModal } from '../stores/modals.ts';

/** Query flags that open modals (docs/product-rules.md §2). */
export const QUERY_FLAGS = { login: 'Login', signup: 'Register', deposit: 'PayIn' } as const;
export type QueryFlag = keyof typeof QUERY_FLAGS;

/** `href` as a path without the named query parameters (other parameters and the hash kept). */
export function withoutParameters(href: string, names: readonly string[]): string {
  const url = new URL(href);
  // Filter the raw pairs so untouched parameters keep their exact spelling ("?deposit" stays bare).
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => {
      if (!pair) return false;
      const key = pair.split('=')[0] ?? '';
      return !names.includes(decodeURIComponent(key.replace(/\+/g, ' ')));
    });
  return url.pathname + (kept.length > 0 ? `?${kept.join('&')}` : '') + url.hash;
}

/** `href` without the given query flags (path, other parameters and hash kept). */
export function withoutFlags(href: string, flags: readonly QueryFlag[]): string {
  return withoutParameters(href, flags);
}

/**
 * Takes a parameter out of the address at once, without a navigation, and answers its value (or
 * null): a credential in the address must not stay in the history, nor reach a Referer or a
 * click address (docs/edge.md "Attribution": `simpleAuthToken`).
 */
export function takeQueryParameter(name: string): string | null {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(name)) return null;
  const value = url.searchParams.get(name)?.trim() || null;
  window.history.replaceState(window.history.state, '', withoutParameters(url.href, [name]));
  return value;
}

/** docs/product-rules.md §2: flags are removed from the address after success, without a navigation. */
export function removeQueryFlags(flags: readonly QueryFlag[]): void {
  const current = window.location.href;
  const next = withoutFlags(current, flags);
  const url = new URL(current);
  if (next !== url.pathname + url.search + url.hash)
    window.history.replaceState(window.history.state, '', next);
}

export function hasQueryFlag(flag: QueryFlag, search: string = window.location.search): boolean {
  return new URLSearchParams(search).has(flag);
}

/**
 * Opens the modals a guest's flags ask for (docs/product-rules.md §2). A guest cannot deposit, so `deposit` asks
 * for a login first; the flag stays in the address and PayIn opens once the login succeeds.
 * `signup=vip` opens the Register modal marked VIP (docs/product-rules.md §6).
 */
export function openGuestFlagModals(search: string = window.location.search): void {
  if (hasQueryFlag('login', search) || hasQueryFlag('deposit', search)) openModal('Login');
  if (hasQueryFlag('signup', search)) {
    $registerVip.set(new URLSearchParams(search).get('signup') === 'vip');
    openModal('Register');
  }
}
