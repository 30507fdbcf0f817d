/** Reads a cookie in the browser (or from a Cookie header string in tests). */
export function readCookie(
  name: string,
  source: string = typeof document === 'undefined' ? '' : document.cookie,
): string | null {
  for (const part of source.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * A first-party cookie as the attribution rules write it (docs/product-rules.md §3): path /, Lax;
 * a null max age keeps it for the browser session.
 */
export function cookieString(
  name: string,
  value: string,
  maxAgeSeconds: number | null,
  secure: boolean,
): string {
  const age = maxAgeSeconds === null ? '' : `; Max-Age=${maxAgeSeconds}`;
  return `${name}=${encodeURIComponent(value)}${age}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Writes a cookie in the browser (Secure on https pages); a max age of 0 deletes it, null keeps it for the session. */
export function writeCookie(name: string, value: string, maxAgeSeconds: number | null): void {
  // biome-ignore lint/suspicious/noDocumentCookie: these cookies are read by the server and other tabs (docs/product-rules.md §3); the Cookie Store API is not in every browser we support.
  document.cookie = cookieString(name, value, maxAgeSeconds, location.protocol === 'https:');
}
