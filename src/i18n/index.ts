import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, LANGUAGE_TAG, LOCALES, type Locale } from '../shared/locales.ts';
import br from './locales/br.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import hi from './locales/hi.json' with { type: 'json' };
import kz from './locales/kz.json' with { type: 'json' };
import ru from './locales/ru.json' with { type: 'json' };

/** All catalogs, for server rendering. Islands load only their locale (src/i18n/client.ts). */
export const catalogs: Record<Locale, typeof en> = { ru, en, kz, br, hi };

const base = i18next.createInstance();
void base.init({
  resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: catalogs[l] }])),
  lng: DEFAULT_LOCALE,
  fallbackLng: FALLBACK_LOCALE,
  initAsync: false,
  returnNull: false,
  // Astro escapes every interpolated expression itself.
  interpolation: { escapeValue: false },
});

const perLocale = new Map<Locale, TFunction>();

/**
 * A translate function bound to one locale. Each locale gets its own cloned instance, created once,
 * so no request ever changes the language another request sees.
 */
export function getT(locale: Locale): TFunction {
  let t = perLocale.get(locale);
  if (!t) {
    t = base.cloneInstance({ lng: locale }).t;
    perLocale.set(locale, t);
  }
  return t;
}

export { LANGUAGE_TAG };
