import { formatters } from '../i18n/format.ts';
import { getT } from '../i18n/index.ts';
import type { Locale } from '../shared/locales.ts';
import { type OgImageKey, type PageKind, seoPage } from './pages.ts';

/** A page's search-engine texts in one locale (docs/seo.md), resolved from src/seo/pages.ts. */
export interface PageMeta {
  /** The whole `<title>` (it names the site itself). */
  title: string;
  description: string;
  kind: PageKind;
  image: OgImageKey;
  /** The page's short name: the image's alt text and the last breadcrumb. */
  name: string;
  /** Home, the parent page if any, then the page itself. */
  trail: { name: string; path: string }[];
}

/** The texts of the page at `path` (no locale prefix) in `locale`; undefined when it has none. */
export function pageMeta(path: string, locale: Locale): PageMeta | undefined {
  const page = seoPage(path);
  if (!page) return undefined;
  const t = getT(locale);
  const f = formatters(locale);
  const values: Record<string, string> = {};
  for (const [name, key] of Object.entries(page.names ?? {})) values[name] = t(key);
  for (const [name, value] of Object.entries(page.numbers ?? {})) values[name] = f.number(value);
  const name = t(page.crumb);
  const trail = [{ name: t('meta.siteName'), path: '/' }];
  const parent = page.parent ? seoPage(page.parent) : undefined;
  if (parent) trail.push({ name: t(parent.crumb), path: parent.path });
  if (path !== '/') trail.push({ name, path });
  return {
    title: t(`seo.${page.key}.title`, values),
    description: t(`seo.${page.key}.description`, values),
    kind: page.kind,
    image: page.image,
    name,
    trail,
  };
}
