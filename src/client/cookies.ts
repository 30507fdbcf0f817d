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
