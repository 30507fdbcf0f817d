import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../shared/locales.ts';
import { type Catalog, mergeCatalogs, partLocale } from './merge.ts';

// One lazily loaded chunk per locale: an island downloads only the catalog it shows.
const catalogs = import.meta.glob<Catalog>('./locales/*.json', { import: 'default' });
// The search-engine texts (seo.json) are only ever rendered by the server: islands never load them.
const parts = import.meta.glob<Catalog>(['./locales/*/*.json', '!./locales/*/seo.json'], {
  import: 'default',
});

/** An i18next instance for React islands, holding only `locale`'s catalog. */
export async function createIslandI18n(locale: Locale): Promise<i18n> {
  const load = catalogs[`./locales/${locale}.json`];
  if (!load) throw new Error(`No catalog for locale "${locale}"`);
  const partLoads = Object.entries(parts)
    .filter(([file]) => partLocale(file) === locale)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, loadPart]) => loadPart());
  const [baseCatalog, ...partCatalogs] = await Promise.all([load(), ...partLoads]);
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: locale,
    resources: { [locale]: { translation: mergeCatalogs(baseCatalog, partCatalogs) } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
