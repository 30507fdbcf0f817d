import { openModal } from '../stores/modals.ts';

/** Query flags that open modals (docs/product-rules.md §2). */
export const QUERY_FLAGS = { login: 'Login', signup: 'Register', deposit: 'PayIn' } as const;
export type QueryFlag = keyof typeof QUERY_FLAGS;

/** `href` without the given query flags (path, other parameters and hash kept). */
export function withoutFlags(href: string, flags: readonly QueryFlag[]): string {
  const url = new URL(href);
  // Filter the raw pairs so untouched parameters keep their exact spelling ("?deposit" stays bare).
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => {
      if (!pair) return false;
      const key = pair.split('=')[0] ?? '';
      return !(flags as readonly string[]).includes(decodeURIComponent(key.replace(/\+/g, ' ')));
    });
  return url.pathname + (kept.length > 0 ? `?${kept.join('&')}` : '') + url.hash;
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
 */
export function openGuestFlagModals(search: string = window.location.search): void {
  if (hasQueryFlag('login', search) || hasQueryFlag('deposit', search)) openModal('Login');
  if (hasQueryFlag('signup', search)) openModal('Register');
}
