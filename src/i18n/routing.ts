import { DEFAULT_LOCALE, isLocale, type Locale } from '../shared/locales.ts';

/** Locale prefix strategies (docs/product-rules.md §2): the names follow the common Nuxt i18n vocabulary. */
export type Strategy = 'prefix_except_default' | 'prefix' | 'prefix_and_default';

/** Splits "/en/faq" into { locale: 'en', path: '/faq' }; an unprefixed path has locale null. */
export function splitLocale(pathname: string): { locale: Locale | null; path: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && isLocale(first)) return { locale: first, path: match?.[2] || '/' };
  return { locale: null, path: pathname || '/' };
}

/** The canonical URL path of `path` (unprefixed, starting with "/") in `locale`. */
export function localizePath(
  path: string,
  locale: Locale,
  strategy: Strategy,
  defaultLocale: Locale = DEFAULT_LOCALE,
): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (strategy === 'prefix_except_default' && locale === defaultLocale) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/**
 * The URL that switches to `locale` explicitly: always prefixed, so the server sees the choice and
 * stores it in the `locale` cookie (the default locale then redirects to its canonical form).
 */
export function switchLocalePath(path: string, locale: Locale): string {
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}
