import { createHash } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';

/**
 * Game art served from the casino's own address (docs/slots.md "Art"). A page never asks the
 * aggregator's host for a picture: the player's address reaches no third party before they open a
 * game, and the art comes over the site's own connection. Each picture is fetched once from the
 * address the catalogue gives, kept in `slot_art` (so it outlives an aggregator outage) and fetched
 * again only when that address changes.
 */

/** The pictures kept: what a browser shows in an `<img>`, nothing else. */
const IMAGE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/avif',
  'image/gif',
  'image/svg+xml',
]);

/** The largest picture taken. */
export const ART_MAX_BYTES = 2 * 1024 * 1024;

/** The path of a game's art on our side; `v` changes with the source, so browsers may keep it. */
export function artPath(slug: string, source: string): string {
  const v = createHash('sha256').update(source).digest('base64url').slice(0, 12);
  return `/api/slots/games/${slug}/art?v=${v}`;
}

export interface Art {
  contentType: string;
  body: Buffer;
  /** Fetched for the catalogue's current address (false: a kept older one, or the placeholder). */
  current: boolean;
}

/** A neutral card with the game's name, for a game whose art cannot be had. */
export function placeholderArt(name: string): Art {
  const text = name.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).slice(0, 200);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200" width="320" height="200">` +
    `<rect width="320" height="200" fill="#1d1840"/>` +
    `<text x="160" y="108" fill="#d9d3ff" font-family="system-ui,sans-serif" font-size="22" font-weight="700" text-anchor="middle">${text}</text></svg>`;
  return { contentType: 'image/svg+xml', body: Buffer.from(svg), current: false };
}

export class ArtStore {
  readonly #database: Database;
  readonly #clock: Clock;
  /** One fetch per game at a time: the callers of a game being fetched wait for it. */
  readonly #fetching = new Map<string, Promise<Art | null>>();

  constructor(database: Database, clock: Clock) {
    this.#database = database;
    this.#clock = clock;
  }

  /**
   * The art of a game whose catalogue entry points at `source` (absolute, or relative to the
   * aggregator's `base`): the kept copy when it came from there, else fetched now; when that
   * fails, an older kept copy, else null.
   */
  async art(gameCode: string, source: string, base: string | null): Promise<Art | null> {
    const [kept] = await this.#database.query<{ source: string; content_type: string; body: Buffer }>(
      'select source, content_type, body from slot_art where game_code = $1',
      [gameCode],
    );
    if (kept?.source === source) return { contentType: kept.content_type, body: kept.body, current: true };
    let pending = this.#fetching.get(gameCode);
    if (!pending) {
      pending = this.#fetch(gameCode, source, base).finally(() => this.#fetching.delete(gameCode));
      this.#fetching.set(gameCode, pending);
    }
    const fetched = await pending;
    if (fetched) return fetched;
    return kept ? { contentType: kept.content_type, body: kept.body, current: false } : null;
  }

  async #fetch(gameCode: string, source: string, base: string | null): Promise<Art | null> {
    let url: URL;
    try {
      url = base ? new URL(source, base) : new URL(source);
    } catch {
      return null;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    let res: Response;
    try {
      res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(10_000) });
    } catch {
      return null;
    }
    const contentType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const length = Number(res.headers.get('content-length') ?? 0);
    if (res.status !== 200 || !IMAGE_TYPES.has(contentType) || length > ART_MAX_BYTES) {
      await res.body?.cancel();
      return null;
    }
    const body = await readAtMost(res, ART_MAX_BYTES);
    if (!body || body.length === 0) return null;
    await this.#database.query(
      `insert into slot_art (game_code, source, content_type, body, fetched_at) values ($1, $2, $3, $4, $5)
       on conflict (game_code) do update
         set source = excluded.source, content_type = excluded.content_type, body = excluded.body,
             fetched_at = excluded.fetched_at`,
      [gameCode, source, contentType, body, new Date(this.#clock.now())],
    );
    return { contentType, body, current: true };
  }
}

/** The body, or null when it is longer than `limit` (read no further). */
async function readAtMost(res: Response, limit: number): Promise<Buffer | null> {
  if (!res.body) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body) {
      size += chunk.length;
      if (size > limit) return null;
      chunks.push(chunk);
    }
  } catch {
    return null;
  }
  return Buffer.concat(chunks);
}
