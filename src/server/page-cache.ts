/**
 * Rendered HTML of anonymous pages (ARCHITECTURE: content pages are the same for every visitor of
 * a locale; player state is filled in by the browser). A bounded LRU keyed by host, path and
 * query; entries live for the process (a deploy restarts it) with a TTL as a safety net.
 */
export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: string;
  storedAt: number;
}

export class PageCache {
  readonly #entries = new Map<string, CachedPage>();
  readonly #max: number;
  readonly #ttlMs: number;

  constructor(max = 500, ttlMs = 10 * 60_000) {
    this.#max = max;
    this.#ttlMs = ttlMs;
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (now - entry.storedAt > this.#ttlMs) return undefined;
    this.#entries.set(key, entry); // most recently used last
    return entry;
  }

  set(key: string, entry: CachedPage): void {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    while (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
