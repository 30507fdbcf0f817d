// The operator's settings and search-engine data as the pages read them while they render
// (src/env.d.ts `siteContent`): the server's reader (src/server/modules/edge/site-content.ts) and
// the site serving (src/server/http/site.ts) both name this shape, so it sits below them.

/** The operator's public settings of docs/product-rules.md §3, kept in the `settings` table. */
export const PUBLIC_SETTINGS = ['revshare_service_frontend_url', 'telegram_channel_url'] as const;
export type PublicSettings = Record<(typeof PUBLIC_SETTINGS)[number], string | null>;

/** Search-engine data of one page in one locale (docs/product-rules.md §3). */
export interface SeoEntry {
  locale: string;
  path: string;
  title: string | null;
  description: string | null;
  keywords: string | null;
  text: string | null;
}

/** What pages read: the settings and a page's search-engine data (src/env.d.ts `siteContent`). */
export interface SiteContentReader {
  settings(): Promise<PublicSettings>;
  seo(locale: string, path: string): Promise<SeoEntry | undefined>;
}

/**
 * The page-cache tags of pages showing the settings, search-engine data, bonus campaigns, the
 * slots catalogue or the sportsbook's events (`sports`: the betting pages, also kept only briefly,
 * src/components/betting/sports-data.ts).
 */
export const CONTENT_TAGS = {
  settings: 'site-settings',
  seo: 'seo',
  bonuses: 'bonuses',
  slots: 'slots',
  sports: 'sports',
  tournaments: 'tournaments',
} as const;
