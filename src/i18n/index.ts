import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, LANGUAGE_TAG, LOCALES, type Locale } from '../shared/locales.ts';
import br from './locales/br.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import hi from './locales/hi.json' with { type: 'json' };
import kz from './locales/kz.json' with { type: 'json' };
import ru from './locales/ru.json' with { type: 'json' };
import { type Catalog, mergeCatalogs, partLocale } from './merge.ts';

const parts = import.meta.glob<Catalog>('./locales/*/*.json', { import: 'default', eager: true });
const base: Record<Locale, Catalog> = { ru, en, kz, br, hi };

/**
 * All catalogs, for server rendering: each locale's base file plus its feature-area files
 * (`locales/<locale>/*.json`). Islands load only their locale (src/i18n/client.ts).
 */
export const catalogs = Object.fromEntries(
  LOCALES.map((l) => [
    l,
    mergeCatalogs(
      base[l],
      Object.entries(parts)
        .filter(([file]) => partLocale(file) === l)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([, part]) => part),
    ),
  ]),
) as Record<Locale, typeof en>;

const root = i18next.createInstance();
void root.init({
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
    t = root.cloneInstance({ lng: locale }).t;
    perLocale.set(locale, t);
  }
  return t;
}

export { LANGUAGE_TAG };
