/** URL locale codes (docs/product-rules.md §2). `kz` and `br` are the product's codes; HTML and HTTP use real tags. */
export const LOCALES = ['ru', 'en', 'kz', 'br', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];

/** Locale prefix strategies (docs/product-rules.md §2: "a prefix strategy is a setting"). */
export const LOCALE_STRATEGIES = ['prefix_except_default', 'prefix', 'prefix_and_default'] as const;
export type LocaleStrategy = (typeof LOCALE_STRATEGIES)[number];

/** Default locale (docs/product-rules.md §9). */
export const DEFAULT_LOCALE: Locale = 'ru';

/** Fallback when no cookie and no supported browser language (docs/product-rules.md §4, §9: en-US). */
export const FALLBACK_LOCALE: Locale = 'en';
export const FALLBACK_LANGUAGE_TAG = 'en-US';

/** BCP 47 tag per URL locale: `<html lang>`, hreflang, Intl formatting, Accept-Language (docs/product-rules.md §7). */
export const LANGUAGE_TAG: Record<Locale, string> = {
  ru: 'ru',
  en: 'en-US',
  kz: 'kk',
  br: 'pt-BR',
  hi: 'hi',
};

/** Native names for the locale switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  ru: 'Русский',
  en: 'English',
  kz: 'Қазақша',
  br: 'Português (BR)',
  hi: 'हिन्दी',
};

/** The BCP 47 tag of a locale code as i18next reports it (`kz` → `kk`); en-US for anything else. */
export function languageTagOf(language: string): string {
  return isLocale(language) ? LANGUAGE_TAG[language] : FALLBACK_LANGUAGE_TAG;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Picks the first supported locale from an Accept-Language header (or navigator.languages).
 * `kk`/`kz` map to kz, any `pt` to br; quality values are honoured.
 */
export function localeFromLanguages(languages: readonly string[] | string | null | undefined): Locale | null {
  if (!languages) return null;
  const list = typeof languages === 'string' ? parseAcceptLanguage(languages) : languages;
  if (list.length === 0) return null;
  for (const tag of list) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
    const mapped = primary === 'kk' ? 'kz' : primary === 'pt' ? 'br' : primary;
    if (isLocale(mapped)) return mapped;
  }
  return null;
}

/** Accept-Language → tags ordered by quality (stable for equal q). */
export function parseAcceptLanguage(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}
