export type Catalog = { [key: string]: unknown };

/**
 * Deep-merges partial catalogs (src/i18n/locales/<locale>/<area>.json) into a locale's base
 * catalog, so each feature area keeps its strings in its own file. A key defined twice is a bug.
 */
export function mergeCatalogs(base: Catalog, parts: readonly Catalog[]): Catalog {
  const out: Catalog = structuredClone(base);
  for (const part of parts) mergeInto(out, part, '');
  return out;
}

function mergeInto(target: Catalog, source: Catalog, path: string): void {
  for (const [key, value] of Object.entries(source)) {
    const at = path ? `${path}.${key}` : key;
    const existing = target[key];
    if (isCatalog(existing) && isCatalog(value)) mergeInto(existing, value, at);
    else if (existing !== undefined) throw new Error(`i18n key ${at} is defined twice`);
    else target[key] = structuredClone(value);
  }
}

function isCatalog(value: unknown): value is Catalog {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The locale of a part file path like `./locales/en/dice.json`. */
export function partLocale(file: string): string | undefined {
  return /\/locales\/([a-z]+)\/[^/]+\.json$/.exec(file)?.[1];
}
