export type Catalog = { [key: string]: unknown };

/**
 * Deep-merges partial catalogs (src/i18n/locales/<locale>/<area>.json) into a locale's base
 * catalog, so each feature area keeps its strings in its own file. A key defined twice is a bug.
 * The inputs are left as they are: only the objects along a merged path are new, the rest (strings
 * and untouched sections) is shared, which keeps a browser's first render from copying the whole
 * catalog.
 */
export function mergeCatalogs(base: Catalog, parts: readonly Catalog[]): Catalog {
  return parts.reduce<Catalog>((out, part) => merged(out, part, ''), { ...base });
}

function merged(target: Catalog, source: Catalog, path: string): Catalog {
  const out: Catalog = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const at = path ? `${path}.${key}` : key;
    const existing = out[key];
    if (isCatalog(existing) && isCatalog(value)) out[key] = merged(existing, value, at);
    else if (existing !== undefined) throw new Error(`i18n key ${at} is defined twice`);
    else out[key] = value;
  }
  return out;
}

function isCatalog(value: unknown): value is Catalog {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The locale of a part file path like `./locales/en/dice.json`. */
export function partLocale(file: string): string | undefined {
  return /\/locales\/([a-z]+)\/[^/]+\.json$/.exec(file)?.[1];
}
