/**
 * The round stream of the live tables (docs/fairness.md §10). Each table has its own salted hash
 * chain, built exactly like crash's (§4): `h_{i−1} = sha256(utf8(h_i))`, round i plays `h_i`, the
 * salt is public. A round's randomness is the float stream of §2 with the round hash as the server
 * seed, the salt as the client seed and nonce 0:
 * `block(r) = HMAC_SHA256(key = utf8(h_i), message = utf8(`${salt}:0:${r}`))`.
 * Pure and isomorphic: hashing is injected (fair/node.ts or fair/web.ts).
 */
import type { RollInput } from '../fair/seeds.ts';
import { fail, ok, type Result } from '../result.ts';

/** Every live round reads the stream of nonce 0: the round hash alone changes from round to round. */
export const LIVE_NONCE = 0;

/** The §2 stream input of the round with hash `hash` on a table salted `salt`. */
export function roundInput(hash: string, salt: string): RollInput {
  return { serverSeed: hash, clientSeed: salt, nonce: LIVE_NONCE };
}

export type RoundError = 'ERR_ROUND_HASH' | 'ERR_SALT';

const HASH = /^[0-9a-f]{64}$/;

/** A chain link is 64 lowercase hex characters (a sha256 in hex, or the random head). */
export function validateRoundHash(hash: string): Result<string, 'ERR_ROUND_HASH'> {
  return HASH.test(hash)
    ? ok(hash)
    : fail('ERR_ROUND_HASH', `Expected a round hash of 64 lowercase hex characters, received "${hash}"`);
}

/** The salt is any non-empty text (the tables use 32 random bytes in hex); it is used as it is. */
export function validateSalt(salt: string): Result<string, 'ERR_SALT'> {
  return salt === '' ? fail('ERR_SALT', 'Expected a non-empty salt') : ok(salt);
}

/** sha256 of UTF-8 text as lowercase hex, synchronous (Node) or not (Web Crypto). */
export type Sha256 = (text: string) => string | Promise<string>;

/**
 * The `count` links below `h_i`, oldest first: `[h_{i−count}, …, h_{i−1}]`. Those rounds were
 * played before round i, so knowing them reveals nothing to come.
 */
export async function linksBelow(hash: string, count: number, sha256: Sha256): Promise<string[]> {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`Expected a link count ≥ 0, received ${count}`);
  }
  const links: string[] = [];
  let current = hash;
  for (let i = 0; i < count; i += 1) {
    current = await sha256(current);
    links.push(current);
  }
  return links.reverse();
}
