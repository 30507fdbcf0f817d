import { localizePath, type Strategy, switchLocalePath } from '../i18n/routing.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../shared/locales.ts';

/**
 * What the server rendered about this page: `<html data-locale data-dev>` and the header's
 * `data-strategy` / `data-default-locale` (src/components/Header.astro).
 */
function header(): HTMLElement | null {
  return document.querySelector<HTMLElement>('header[data-strategy]');
}

export function pageLocale(): Locale {
  const locale = document.documentElement.dataset.locale;
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

export function isDevelopment(): boolean {
  return document.documentElement.dataset.dev === 'true';
}

function strategy(): Strategy {
  const value = header()?.dataset.strategy;
  return value === 'prefix' || value === 'prefix_and_default' ? value : 'prefix_except_default';
}

function defaultLocale(): Locale {
  const value = header()?.dataset.defaultLocale;
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** The URL of an unprefixed site path ("/profile/setting") in the page locale. */
export function localHref(path: string, locale: Locale = pageLocale()): string {
  return localizePath(path, locale, strategy(), defaultLocale());
}

/** The current address (path, query, hash) moved to `locale`: prefixed, so the server stores it. */
export function addressInLocale(locale: Locale, href: string = window.location.href): string {
  const url = new URL(href);
  const segments = url.pathname.split('/');
  const path = isLocale(segments[1]) ? `/${segments.slice(2).join('/')}` : url.pathname;
  return switchLocalePath(path === '/' ? '/' : path.replace(/\/$/, ''), locale) + url.search + url.hash;
}
