import type { Locale } from '../shared/locales.ts';
import { type Catalog, mergeCatalogs, partLocale } from './merge.ts';

// One lazily loaded chunk per locale (scripts/client-chunks.mjs): an island downloads only the
// catalog it shows.
const catalogs = import.meta.glob<Catalog>('./locales/*.json', { import: 'default' });
// The search-engine texts (seo.json) and the responsible-gambling page's (responsiblePage.json)
// are only ever rendered by the server: islands never load them.
const parts = import.meta.glob<Catalog>(
  ['./locales/*/*.json', '!./locales/*/seo.json', '!./locales/*/responsiblePage.json'],
  {
    import: 'default',
  },
);

const loaded = new Map<Locale, Promise<Catalog>>();

/**
 * The islands' catalog of `locale`: its base file with its parts merged in, loaded once per page.
 * Plain code without React, so the page's first script can start the download while the islands'
 * own code is still on its way (src/client/pwa/boot.ts).
 */
export function islandCatalog(locale: Locale): Promise<Catalog> {
  let catalog = loaded.get(locale);
  if (!catalog) {
    catalog = load(locale);
    loaded.set(locale, catalog);
    // A failed download is tried again by the next caller.
    catalog.catch(() => loaded.delete(locale));
  }
  return catalog;
}

async function load(locale: Locale): Promise<Catalog> {
  const base = catalogs[`./locales/${locale}.json`];
  if (!base) throw new Error(`No catalog for locale "${locale}"`);
  const partLoads = Object.entries(parts)
    .filter(([file]) => partLocale(file) === locale)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, loadPart]) => loadPart());
  const [baseCatalog, ...partCatalogs] = await Promise.all([base(), ...partLoads]);
  return mergeCatalogs(baseCatalog, partCatalogs);
}
