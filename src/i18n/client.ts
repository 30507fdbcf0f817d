import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../shared/locales.ts';

// One lazily loaded chunk per locale: an island downloads only the catalog it shows.
const catalogs = import.meta.glob<Record<string, unknown>>('./locales/*.json', { import: 'default' });

/** An i18next instance for React islands, holding only `locale`'s catalog. */
export async function createIslandI18n(locale: Locale): Promise<i18n> {
  const load = catalogs[`./locales/${locale}.json`];
  if (!load) throw new Error(`No catalog for locale "${locale}"`);
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: locale,
    resources: { [locale]: { translation: await load() } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
