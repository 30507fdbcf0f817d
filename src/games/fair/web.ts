/**
 * Web Crypto implementation of docs/fairness.md §1-2 for the in-browser verifier. Same functions as
 * `node.ts`, async. Also runs in Node (tests check both agree).
 */
import { blockRange, floatsFromBlocks } from './floats.ts';
import { blockMessage, type Nonce, type RollInput } from './seeds.ts';

const encoder = new TextEncoder();

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

function importHmacKey(key: string): Promise<CryptoKey> {
  return globalThis.crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
}

async function signBlock(
  key: CryptoKey,
  clientSeed: string,
  nonce: Nonce,
  round: number,
): Promise<Uint8Array> {
  const message = encoder.encode(blockMessage(clientSeed, nonce, round));
  return new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', key, message));
}

/** sha256 of the UTF-8 text, as lowercase hex. */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/** HMAC-SHA256 with the UTF-8 bytes of `key` over the UTF-8 bytes of `message`, as lowercase hex. */
export async function hmacSha256Hex(key: string, message: string): Promise<string> {
  const cryptoKey = await importHmacKey(key);
  return toHex(await globalThis.crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message)));
}

/** The commitment shown before play: `sha256(utf8(serverSeed))` (docs/product-rules.md §1). */
export function commitment(serverSeed: string): Promise<string> {
  return sha256Hex(serverSeed);
}

/** Block `round` of the byte stream: HMAC_SHA256(utf8(serverSeed), `${clientSeed}:${nonce}:${round}`). */
export async function streamBlock(
  serverSeed: string,
  clientSeed: string,
  nonce: Nonce,
  round: number,
): Promise<Uint8Array> {
  return signBlock(await importHmacKey(serverSeed), clientSeed, nonce, round);
}

/** `float_offset` … `float_{offset+count−1}` of one bet (docs/product-rules.md §2). */
export async function floats(input: RollInput, count: number, offset = 0): Promise<number[]> {
  const { first, last } = blockRange(offset, count);
  const key = await importHmacKey(input.serverSeed);
  const rounds = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const blocks = await Promise.all(
    rounds.map((round) => signBlock(key, input.clientSeed, input.nonce, round)),
  );
  return floatsFromBlocks(blocks, offset, count);
}
