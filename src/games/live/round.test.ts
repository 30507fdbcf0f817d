import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { terminatingHash, walkChain } from '../crash/chain.ts';
import { floats, sha256Hex, streamBlock } from '../fair/node.ts';
import * as web from '../fair/web.ts';
import { referenceFloats, SEED_1 } from '../testing/reference.ts';
import { LIVE_NONCE, linksBelow, roundInput, validateRoundHash, validateSalt } from './round.ts';

describe('live round stream', () => {
  test('a round is the §2 stream of server seed = round hash, client seed = salt, nonce 0', () => {
    expect(roundInput(SEED_1, 'salt')).toEqual({ serverSeed: SEED_1, clientSeed: 'salt', nonce: 0 });
    expect(LIVE_NONCE).toBe(0);
    // Block r is HMAC_SHA256(key = utf8(hash), message = utf8(`${salt}:0:${r}`)).
    expect(Buffer.from(streamBlock(SEED_1, 'salt', LIVE_NONCE, 2)).toString('hex')).toBe(
      createHmac('sha256', SEED_1).update('salt:0:2').digest('hex'),
    );
    expect(floats(roundInput(SEED_1, 'salt'), 17)).toEqual(referenceFloats(SEED_1, 'salt', 0, 17));
  });

  test('links below a round hash are the chain, oldest first, with sync or async sha256', async () => {
    const links = [...walkChain(SEED_1, 5)].map((link) => link.hash).reverse(); // h_0 … h_5
    expect(await linksBelow(SEED_1, 5, sha256Hex)).toEqual(links.slice(0, 5));
    expect(await linksBelow(SEED_1, 3, web.sha256Hex)).toEqual(links.slice(2, 5));
    expect(await linksBelow(SEED_1, 0, sha256Hex)).toEqual([]);
    expect((await linksBelow(SEED_1, 5, sha256Hex))[0]).toBe(terminatingHash(SEED_1, 5));
    await expect(linksBelow(SEED_1, -1, sha256Hex)).rejects.toThrow(RangeError);
  });

  test('a round hash is 64 lowercase hex characters; a salt any non-empty text', () => {
    expect(validateRoundHash(SEED_1)).toEqual({ ok: true, value: SEED_1 });
    expect(validateRoundHash(SEED_1.toUpperCase())).toMatchObject({ ok: false, error: 'ERR_ROUND_HASH' });
    expect(validateRoundHash(`${SEED_1}0`)).toMatchObject({ ok: false, error: 'ERR_ROUND_HASH' });
    expect(validateSalt(' a salt ')).toEqual({ ok: true, value: ' a salt ' });
    expect(validateSalt('')).toMatchObject({ ok: false, error: 'ERR_SALT' });
  });
});
