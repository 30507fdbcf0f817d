import { TIMING } from '../shared/timing.ts';
import { readCookie } from './cookies.ts';

export const TOKEN_COOKIE = 'token';

/** The `Set-Cookie`-style string for the access token cookie (docs/product-rules.md §3: 30 days, path /, Lax). */
export function tokenCookie(token: string | null, secure: boolean): string {
  const value = token === null ? '' : encodeURIComponent(token);
  const maxAge = token === null ? 0 : TIMING.tokenCookieSeconds;
  return `${TOKEN_COOKIE}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

const isSecurePage = () => typeof location !== 'undefined' && location.protocol === 'https:';

export function readToken(): string | null {
  return readCookie(TOKEN_COOKIE) || null;
}

const listeners = new Set<(token: string) => void>();

/** Calls `listener` with every new access token (login, refresh); returns the unsubscribe function. */
export function onTokenWritten(listener: (token: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function writeToken(token: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the token cookie is where the product keeps the token (docs/product-rules.md §3) and the Cookie Store API is not in every browser we support.
  document.cookie = tokenCookie(token, isSecurePage());
  for (const listener of listeners) listener(token);
}

export function clearToken(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see writeToken.
  document.cookie = tokenCookie(null, isSecurePage());
}
