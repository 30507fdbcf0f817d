import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locales.ts';

/** Where the prerendered offline page of a locale is (src/pages/offline/[locale].astro). */
export function offlinePagePath(locale: Locale): string {
  return `/offline/${locale}/index.html`;
}

/**
 * The language of the offline page for a failed navigation: the URL's locale prefix, else the
 * `locale` cookie (the player's last choice), else the default locale (what an unprefixed URL shows).
 */
export function pickOfflineLocale(url: URL, cookieLocale: string | undefined): Locale {
  const prefix = url.pathname.split('/')[1];
  if (isLocale(prefix)) return prefix;
  return isLocale(cookieLocale) ? cookieLocale : DEFAULT_LOCALE;
}
