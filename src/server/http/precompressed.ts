import type { IncomingMessage } from 'node:http';
import { compressText, type Encoding, matchesEtag, negotiateEncoding } from '../page-cache.ts';

/** A text kept in every encoding a client may take, with its strong ETag. */
export interface CompressedText {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Generated texts (robots.txt, sitemaps) compressed once, off the event loop, and kept: a request
 * then costs a lookup. Bounded: past `maxEntries` the oldest entry goes first.
 */
export class PrecompressedTexts {
  readonly #entries = new Map<string, Promise<CompressedText>>();
  readonly #maxEntries: number;

  constructor(maxEntries = 64) {
    this.#maxEntries = maxEntries;
  }

  /** The compressed form of `text`, kept under `key` (a key names one text for good). */
  get(key: string, text: string): Promise<CompressedText> {
    let entry = this.#entries.get(key);
    if (!entry) {
      entry = compressText(text);
      this.#entries.set(key, entry);
      for (const oldest of this.#entries.keys()) {
        if (this.#entries.size <= this.#maxEntries) break;
        this.#entries.delete(oldest);
      }
    }
    return entry;
  }

  /** What to answer: 304 when the client holds this very text, else the best encoding it takes. */
  static choose(req: IncomingMessage, entry: CompressedText): Encoding | 'not-modified' {
    if (matchesEtag(req.headers['if-none-match'], entry.etag)) return 'not-modified';
    return negotiateEncoding(req.headers['accept-encoding']);
  }
}
