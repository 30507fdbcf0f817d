import { bigserial, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Site-wide settings and search-engine data. */

/** Operator settings as key → JSON (generated secrets, links such as the telegram channel, …). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Search-engine data per page and locale: title, description, keywords, text. */
export const seoPages = pgTable(
  'seo_pages',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    locale: text('locale').notNull(),
    /** Route path without the locale prefix, e.g. "/" or "/games/dice". */
    path: text('path').notNull(),
    title: text('title'),
    description: text('description'),
    keywords: text('keywords'),
    text: text('text'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('seo_pages_locale_path_key').on(t.locale, t.path)],
);
