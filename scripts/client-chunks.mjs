// @ts-check
/**
 * How the browser's JavaScript is cut into files (docs/performance.md "Game pages"). Left to
 * itself the bundler makes one file per combination of pages using a module: a game page fetched
 * about 60 small files, several levels deep, and its first paint of the game waited on each level
 * in turn. Three groups instead:
 * - `react`: React, ReactDOM and i18next, which every island needs and no content page loads;
 * - one file per locale with its whole catalog (the base file and its parts), which an island
 *   otherwise fetched as 18 files after all its code had run;
 * - `islands`: the code two or more islands share and no page script (the header's, the shell's)
 *   reaches, so a content page never downloads it.
 * What a page script reaches keeps the bundler's own cut: content pages ship what they did.
 */

/**
 * @typedef {{ getModuleInfo(id: string): { importers: readonly string[], dynamicImporters: readonly string[] } | null }} Context
 */

const LOCALE = /[\\/]src[\\/]i18n[\\/]locales[\\/](\w+)/;
const REACT =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-i18next|i18next|html-parse-stringify|void-elements)[\\/]/;
/** An island component: `client:only` loads it by itself. */
const ISLAND = /[\\/]src[\\/]islands[\\/].*Island\.tsx$/;
/** A page's own script (`<script>` in an .astro file), run on content pages too. */
const PAGE_SCRIPT = /\.astro\?astro&type=script/;
/**
 * Plain browser code a page script may load later (the app shell, the PWA's registration): what it
 * reaches counts as reached by the page script. Dynamically imported React (a modal) does not.
 */
const PLAIN = /[\\/]src[\\/](client|stores)[\\/]/;

/**
 * The entries (island components and page scripts) that reach `id` by static imports, and by
 * dynamic imports of plain code (PLAIN); a module only dynamically imported otherwise (a modal, a
 * catalog) counts as no one's. A walk back over the importers, safe across import cycles.
 * @param {string} id
 * @param {Context} context
 * @returns {string[]}
 */
function reachedFrom(id, context) {
  const seen = new Set([id]);
  const queue = [id];
  const entries = [];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (ISLAND.test(next) || PAGE_SCRIPT.test(next)) entries.push(next);
    const info = context.getModuleInfo(next);
    const importers = [
      ...(info?.importers ?? []),
      ...(PLAIN.test(next) ? (info?.dynamicImporters ?? []) : []),
    ];
    for (const importer of importers) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  return entries;
}

/** The client build's `output.codeSplitting`. */
export function clientChunks() {
  return {
    // A captured module's imports stay where they are: the `islands` group must not pull in what
    // a page script also needs (its imports are shared by two islands, so they are in the group
    // themselves, or a page script reaches them and content pages already have them).
    includeDependenciesRecursively: false,
    groups: [
      { name: 'react', test: REACT, priority: 30 },
      {
        /** @param {string} id */
        name: (id) => LOCALE.exec(id)?.[1] ?? null,
        debugName: 'locale',
        priority: 20,
      },
      {
        /**
         * @param {string} id
         * @param {Context} context
         */
        name: (id, context) => {
          if (ISLAND.test(id)) return null;
          const entries = reachedFrom(id, context);
          if (entries.some((entry) => PAGE_SCRIPT.test(entry))) return null;
          return entries.length >= 2 ? 'islands' : null;
        },
        debugName: 'islands',
        priority: 10,
      },
    ],
  };
}

/**
 * The islands group leaves its modules' imports where they are, which the bundler allows only when
 * entries may export more than they declare; Astro pins the client build's entries to exactly
 * their exports, so this plugin relaxes that for the client build alone.
 * @returns {import('vite').Plugin}
 */
export function clientEntrySignatures() {
  return {
    name: 'client-entry-signatures',
    applyToEnvironment: (environment) => environment.name === 'client',
    options(options) {
      return { ...options, preserveEntrySignatures: 'allow-extension' };
    },
  };
}
