/**
 * Synchronous Node implementation of docs/fairness.md §1-2 (server, CLI verifier, tests). Node only:
 * browsers use `web.ts`, which has the same functions, async.
 */
import { createHash, createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { blockRange, floatsFromBlocks } from './floats.ts';
import { blockMessage, type Nonce, type RollInput } from './seeds.ts';

// Importing the key once per server seed saves a third of the HMAC cost; a pair is used for many
// bets in a row. Bounded so a long-running server does not keep every seed it has seen.
const KEY_CACHE_LIMIT = 256;
const keyCache = new Map<string, KeyObject>();

function serverSeedKey(serverSeed: string): KeyObject {
  let key = keyCache.get(serverSeed);
  if (!key) {
    key = createSecretKey(Buffer.from(serverSeed, 'utf8'));
    if (keyCache.size >= KEY_CACHE_LIMIT) keyCache.delete(keyCache.keys().next().value as string);
    keyCache.set(serverSeed, key);
  }
  return key;
}

/** sha256 of the UTF-8 text, as lowercase hex. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** HMAC-SHA256 with the UTF-8 bytes of `key` over the UTF-8 bytes of `message`, as lowercase hex. */
export function hmacSha256Hex(key: string, message: string): string {
  return createHmac('sha256', Buffer.from(key, 'utf8')).update(message, 'utf8').digest('hex');
}

/** The commitment shown before play: `sha256(utf8(serverSeed))` (docs/product-rules.md §1). */
export function commitment(serverSeed: string): string {
  return sha256Hex(serverSeed);
}

/** Block `round` of the byte stream: HMAC_SHA256(utf8(serverSeed), `${clientSeed}:${nonce}:${round}`). */
export function streamBlock(serverSeed: string, clientSeed: string, nonce: Nonce, round: number): Uint8Array {
  return createHmac('sha256', serverSeedKey(serverSeed))
    .update(blockMessage(clientSeed, nonce, round), 'utf8')
    .digest();
}

/** `float_offset` … `float_{offset+count−1}` of one bet (docs/product-rules.md §2). */
export function floats(input: RollInput, count: number, offset = 0): number[] {
  const { first, last } = blockRange(offset, count);
  const blocks: Uint8Array[] = [];
  for (let round = first; round <= last; round += 1) {
    blocks.push(streamBlock(input.serverSeed, input.clientSeed, input.nonce, round));
  }
  return floatsFromBlocks(blocks, offset, count);
}
