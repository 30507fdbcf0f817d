/**
 * Seed pair helpers of docs/fairness.md §1. Isomorphic: randomness comes from Web Crypto's
 * `getRandomValues`, which Node and every browser provide as `globalThis.crypto`.
 */
import { fail, ok, type Result } from '../result.ts';

/** A nonce is a 64-bit counter (docs/product-rules.md §1: it never wraps); numbers must be safe integers. */
export type Nonce = number | bigint;

/** Everything that determines one bet's byte stream (docs/product-rules.md §2). */
export interface RollInput {
  readonly serverSeed: string;
  readonly clientSeed: string;
  readonly nonce: Nonce;
}

export type SeedError = 'ERR_SERVER_SEED' | 'ERR_CLIENT_SEED' | 'ERR_NONCE';

const SERVER_SEED = /^[0-9a-f]{64}$/;
// Printable: no control, format, surrogate, private-use or unassigned code points (\p{C}) and no
// line or paragraph separators. Length is counted in code points, as a player would count.
export const CLIENT_SEED = /^[^\p{C}\p{Zl}\p{Zp}]{1,64}$/u;
const MAX_NONCE = 2n ** 63n - 1n;

function randomHex(bytes: number): string {
  const buffer = globalThis.crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(buffer, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A fresh server seed: 32 CSPRNG bytes as 64 lowercase hex characters (docs/product-rules.md §1). */
export function generateServerSeed(): string {
  return randomHex(32);
}

/** The default client seed offered to a player: 16 random bytes as hex. */
export function generateClientSeed(): string {
  return randomHex(16);
}

/** Accepts exactly 64 lowercase hex characters: the only format this site generates. */
export function validateServerSeed(seed: string): Result<string, 'ERR_SERVER_SEED'> {
  return SERVER_SEED.test(seed)
    ? ok(seed)
    : fail('ERR_SERVER_SEED', `Expected a server seed of 64 lowercase hex characters, received "${seed}"`);
}

/** The longest server seed text the verifier takes, in characters (code points). */
export const MAX_SERVER_SEED_TEXT = 256;

/**
 * The verifier's server seed (docs/fairness.md §1): any non-empty text of at most 256 characters,
 * taken as it is (the HMAC key is its UTF-8 bytes), so bets of other sites and older formats can be
 * checked too. `siteFormat` says whether it is this site's format; when not, the verifier warns.
 */
export function validateServerSeedText(
  seed: string,
): Result<{ seed: string; siteFormat: boolean }, 'ERR_SERVER_SEED'> {
  const length = [...seed].length;
  return length >= 1 && length <= MAX_SERVER_SEED_TEXT
    ? ok({ seed, siteFormat: SERVER_SEED.test(seed) })
    : fail(
        'ERR_SERVER_SEED',
        `Expected a server seed of 1 to ${MAX_SERVER_SEED_TEXT} characters, received ${length} characters`,
      );
}

/** The warning the verifier shows for a server seed that is not this site's format (null when it is). */
export function serverSeedWarning(seed: string): string | null {
  return SERVER_SEED.test(seed)
    ? null
    : 'This server seed is not 64 lowercase hex characters, the format this site generates: it is used as it is (its UTF-8 bytes are the HMAC key), as for bets of other sites';
}

/** Accepts 1-64 printable characters (spaces included, control characters not). */
export function validateClientSeed(seed: string): Result<string, 'ERR_CLIENT_SEED'> {
  return CLIENT_SEED.test(seed)
    ? ok(seed)
    : fail('ERR_CLIENT_SEED', `Expected a client seed of 1-64 printable characters, received "${seed}"`);
}

/** Accepts an integer in 0 … 2⁶³−1 (a safe integer when given as a number, or decimal digits). */
export function validateNonce(nonce: Nonce | string): Result<bigint, 'ERR_NONCE'> {
  let value: bigint | undefined;
  if (typeof nonce === 'bigint') value = nonce;
  else if (typeof nonce === 'number') value = Number.isSafeInteger(nonce) ? BigInt(nonce) : undefined;
  else if (/^\d{1,19}$/.test(nonce)) value = BigInt(nonce);
  return value !== undefined && value >= 0n && value <= MAX_NONCE
    ? ok(value)
    : fail(
        'ERR_NONCE',
        `Expected a nonce that is an integer from 0 to ${MAX_NONCE}, received ${String(nonce)}`,
      );
}

/** The HMAC message of one 32-byte block: `${clientSeed}:${nonce}:${round}` (docs/product-rules.md §2). */
export function blockMessage(clientSeed: string, nonce: Nonce, round: number): string {
  return `${clientSeed}:${nonce}:${round}`;
}
