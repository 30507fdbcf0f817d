import {
  PUBLIC_SETTINGS,
  type PublicSettings,
  type SeoEntry,
  type SiteContentReader,
} from '../../../shared/wire/site-content.ts';
import type { Queryable } from '../../db/client.ts';

const SEO_COLUMNS = 'locale, path, title, description, keywords, text';

/**
 * The settings and search-engine data the operator edits (docs/edge.md), read by every page
 * render: loaded once into memory (both are small), forgotten when they change on any instance.
 */
export class SiteContent implements SiteContentReader {
  readonly #db: Queryable;
  #settings: Promise<PublicSettings> | undefined;
  #seo: Promise<Map<string, SeoEntry>> | undefined;

  constructor(db: Queryable) {
    this.#db = db;
  }

  settings(): Promise<PublicSettings> {
    this.#settings ??= this.#db
      .query<{ key: string; value: unknown }>('select key, value from settings where key in ($1, $2)', [
        ...PUBLIC_SETTINGS,
      ])
      .then((rows) => {
        const out = Object.fromEntries(PUBLIC_SETTINGS.map((key) => [key, null])) as PublicSettings;
        for (const row of rows) {
          if (typeof row.value === 'string') out[row.key as keyof PublicSettings] = row.value;
        }
        return out;
      });
    this.#settings.catch(() => {
      this.#settings = undefined;
    });
    return this.#settings;
  }

  async seo(locale: string, path: string): Promise<SeoEntry | undefined> {
    this.#seo ??= this.#db
      .query<SeoEntry>(`select ${SEO_COLUMNS} from seo_pages`)
      .then((rows) => new Map(rows.map((row) => [`${row.locale}|${row.path}`, row])));
    this.#seo.catch(() => {
      this.#seo = undefined;
    });
    return (await this.#seo).get(`${locale}|${path}`);
  }

  async allSeo(): Promise<SeoEntry[]> {
    return this.#db.query<SeoEntry>(`select ${SEO_COLUMNS} from seo_pages order by path, locale`);
  }

  /** Sets (a URL) or clears (null) the given settings; only the public keys, never a secret. */
  async saveSettings(values: Partial<PublicSettings>): Promise<void> {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) continue;
      if (value === null) await this.#db.query('delete from settings where key = $1', [key]);
      else
        await this.#db.query(
          `insert into settings (key, value) values ($1, $2::jsonb)
           on conflict (key) do update set value = excluded.value, updated_at = now()`,
          [key, JSON.stringify(value)],
        );
    }
  }

  async saveSeo(entry: SeoEntry): Promise<void> {
    await this.#db.query(
      `insert into seo_pages (locale, path, title, description, keywords, text) values ($1, $2, $3, $4, $5, $6)
       on conflict (locale, path) do update set title = excluded.title, description = excluded.description,
         keywords = excluded.keywords, text = excluded.text, updated_at = now()`,
      [entry.locale, entry.path, entry.title, entry.description, entry.keywords, entry.text],
    );
  }

  async deleteSeo(locale: string, path: string): Promise<boolean> {
    const rows = await this.#db.query('delete from seo_pages where locale = $1 and path = $2 returning id', [
      locale,
      path,
    ]);
    return rows.length > 0;
  }

  /** Drops what this instance holds (after a change here or on another instance). */
  forget(): void {
    this.#settings = undefined;
    this.#seo = undefined;
  }
}
