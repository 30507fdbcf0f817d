import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../shared/locales.ts';
import { islandCatalog } from './catalog-loader.ts';

/** An i18next instance for React islands, holding only `locale`'s catalog. */
export async function createIslandI18n(locale: Locale): Promise<i18n> {
  const catalog = await islandCatalog(locale);
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: locale,
    resources: { [locale]: { translation: catalog } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
