import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { type Clock, systemClock } from './clock.ts';

/**
 * Rendered HTML of pages (docs/performance.md "Pages"): pages render nothing per player (the browser
 * fills that in), so one rendering serves every request with the same key. Each entry is kept
 * compressed once (brotli and gzip) with a strong ETag, so a hit costs a map lookup and a write.
 * Bounded in bytes (LRU), with a TTL as a safety net; `invalidate` drops the entries that show a
 * changed piece of content (their tags), on every instance through the bus.
 */
export interface PageDraft {
  status: number;
  headers: ReadonlyArray<readonly [string, string]>;
  body: string;
  /** The locale the page was rendered in: a hit for a visitor without that cookie sets it. */
  locale: string;
  /** The content the page shows that can change while the process runs (see `invalidate`). */
  tags: readonly string[];
  /** The page's own longest life in the cache, when shorter than the cache's TTL. */
  maxAgeMs?: number;
}

export interface CachedPage {
  status: number;
  headers: ReadonlyArray<readonly [string, string]>;
  locale: string;
  tags: readonly string[];
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  bytes: number;
  storedAt: number;
  /** How long it is served: the cache's TTL, or the page's own shorter one. */
  ttlMs: number;
}

export type Encoding = 'br' | 'gzip' | 'identity';

/** Headers a cached answer sets itself, or that belong to one answer only. */
const PER_ANSWER = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'vary',
  'etag',
  'date',
  'connection',
  'keep-alive',
]);

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The key of a rendering: everything that changes the HTML (docs/performance.md "Pages"). */
export function pageCacheKey(parts: {
  origin: string;
  locale: string;
  variant: string;
  url: string;
}): string {
  return `${parts.origin}|${parts.locale}|${parts.variant}|${parts.url}`;
}

/** The best encoding an `Accept-Encoding` header takes (q=0 refuses one). */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  let br = false;
  let gz = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === '*') gz = true;
  }
  return br ? 'br' : gz ? 'gzip' : 'identity';
}

/** Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 §13.1.2 asks for GET). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/** A text in every encoding a client may take (brotli 11, gzip 9), with its strong ETag; off the event loop. */
export async function compressText(
  text: string,
): Promise<{ identity: Buffer; br: Buffer; gzip: Buffer; etag: string }> {
  const identity = Buffer.from(text, 'utf8');
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: 9 }),
  ]);
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { identity, br, gzip: gz, etag };
}

export class PageCache {
  readonly #entries = new Map<string, CachedPage>();
  readonly #maxBytes: number;
  readonly #ttlMs: number;
  readonly #clock: Clock;
  #bytes = 0;
  /** Bumped by every invalidation: a rendering compressed across one is not stored. */
  #generation = 0;

  constructor({
    maxBytes = 64 * 1024 * 1024,
    ttlMs = 10 * 60_000,
    clock = systemClock,
  }: { maxBytes?: number; ttlMs?: number; clock?: Clock } = {}) {
    this.#maxBytes = maxBytes;
    this.#ttlMs = ttlMs;
    this.#clock = clock;
  }

  get(key: string, now = this.#clock.now()): CachedPage | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#remove(key, entry);
    if (now - entry.storedAt > entry.ttlMs) return undefined;
    this.#insert(key, entry); // most recently used last
    return entry;
  }

  /** Compresses a rendering off the event loop's critical path, then keeps it. */
  async put(key: string, draft: PageDraft, now = this.#clock.now()): Promise<void> {
    const generation = this.#generation;
    const { identity, br, gzip: gz, etag } = await compressText(draft.body);
    if (generation !== this.#generation) return;
    const entry: CachedPage = {
      status: draft.status,
      headers: draft.headers.filter(([name]) => !PER_ANSWER.has(name.toLowerCase())),
      locale: draft.locale,
      tags: draft.tags,
      etag,
      identity,
      br,
      gzip: gz,
      bytes: identity.length + br.length + gz.length + key.length,
      storedAt: now,
      ttlMs: Math.min(this.#ttlMs, draft.maxAgeMs ?? this.#ttlMs),
    };
    if (entry.bytes > this.#maxBytes) return;
    const old = this.#entries.get(key);
    // Two renderings of one page compressed at once (requests that missed together): the first
    // stored stays, so every answer of the page carries one ETag until it expires or changes.
    if (old && now - old.storedAt <= old.ttlMs) return;
    if (old) this.#remove(key, old);
    this.#insert(key, entry);
    for (const [oldest, victim] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#remove(oldest, victim);
    }
  }

  /** Drops the pages that show any of `tags`; without tags, every page. */
  invalidate(tags?: readonly string[]): number {
    this.#generation++;
    let dropped = 0;
    for (const [key, entry] of this.#entries) {
      if (!tags || entry.tags.some((tag) => tags.includes(tag))) {
        this.#remove(key, entry);
        dropped++;
      }
    }
    return dropped;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  #insert(key: string, entry: CachedPage) {
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
  }

  #remove(key: string, entry: CachedPage) {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

/** The bus channel that carries invalidations to every instance (payload: JSON tag list or null). */
export const PAGES_CHANGED_CHANNEL = 'site:pages-changed';
