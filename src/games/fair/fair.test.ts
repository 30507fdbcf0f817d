import { createHash, createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { referenceFloats, SEED_1, u32 } from '../testing/reference.ts';
import { chiSquare, chiSquareAt99, histogram } from '../testing/stats.ts';
import { SEED_1_COMMITMENT, VECTORS } from '../testing/vectors.ts';
import { blockRange, floatAt, floatsFromBlocks, floatToUint32 } from './floats.ts';
import * as node from './node.ts';
import {
  blockMessage,
  generateClientSeed,
  generateServerSeed,
  serverSeedWarning,
  validateClientSeed,
  validateNonce,
  validateServerSeed,
  validateServerSeedText,
} from './seeds.ts';
import * as web from './web.ts';

describe('seeds (docs/product-rules.md §1)', () => {
  test('a generated server seed is 64 lowercase hex characters, different every time', () => {
    const seeds = new Set(Array.from({ length: 100 }, generateServerSeed));
    expect(seeds.size).toBe(100);
    for (const seed of seeds) expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(generateClientSeed()).toMatch(/^[0-9a-f]{32}$/);
  });

  test('the commitment is sha256 of the seed hex string, the same in Node and Web Crypto', async () => {
    expect(node.commitment(SEED_1)).toBe(SEED_1_COMMITMENT);
    expect(await web.commitment(SEED_1)).toBe(SEED_1_COMMITMENT);
    expect(SEED_1_COMMITMENT).toBe(createHash('sha256').update(Buffer.from(SEED_1, 'utf8')).digest('hex'));
  });

  test.each([
    [SEED_1, true],
    [SEED_1.toUpperCase(), false],
    [SEED_1.slice(1), false],
    [`${SEED_1}0`, false],
    [`${SEED_1.slice(1)}g`, false],
  ])('server seed %s is valid: %s', (seed, valid) => {
    expect(validateServerSeed(seed).ok).toBe(valid);
  });

  test.each([
    [SEED_1, true, true],
    [SEED_1.toUpperCase(), true, false],
    [' padded seed ', true, false],
    ['ж'.repeat(256), true, false],
    ['ж'.repeat(257), false, false],
    ['', false, false],
  ])('the verifier takes server seed text %j: %s (this site’s format: %s)', (seed, valid, site) => {
    const result = validateServerSeedText(seed);
    expect(result.ok).toBe(valid);
    if (result.ok) expect(result.value).toEqual({ seed, siteFormat: site });
    if (valid) expect(serverSeedWarning(seed) === null).toBe(site);
  });

  test.each([
    ['a', true],
    ['lucky-client', true],
    ['with spaces: and colons', true],
    ['Счастье ☘', true],
    ['😀'.repeat(64), true],
    ['x'.repeat(64), true],
    ['', false],
    ['x'.repeat(65), false],
    ['tab\there', false],
    ['new\nline', false],
    ['nul\u0000', false],
    ['zero\u200bwidth', false],
    ['line\u2028separator', false],
  ])('client seed %j is valid: %s', (seed, valid) => {
    const result = validateClientSeed(seed);
    expect(result.ok).toBe(valid);
    if (!result.ok) expect(result.error).toBe('ERR_CLIENT_SEED');
  });

  test.each([
    [0, 0n],
    [42, 42n],
    [Number.MAX_SAFE_INTEGER, 2n ** 53n - 1n],
    [2n ** 63n - 1n, 2n ** 63n - 1n],
    ['9223372036854775807', 2n ** 63n - 1n],
  ])('nonce %s is accepted as %s', (nonce, value) => {
    expect(validateNonce(nonce)).toEqual({ ok: true, value });
  });

  test.each([-1, 1.5, Number.NaN, 2 ** 53, 2n ** 63n, -1n, '', '1e3', '-1', '9223372036854775808'])(
    'nonce %s is rejected',
    (nonce) => {
      expect(validateNonce(nonce)).toMatchObject({ ok: false, error: 'ERR_NONCE' });
    },
  );

  test('the block message is clientSeed:nonce:round with a decimal nonce, even for bigints', () => {
    expect(blockMessage('c', 2n ** 63n - 1n, 3)).toBe('c:9223372036854775807:3');
  });
});

describe('byte stream and floats (docs/product-rules.md §2)', () => {
  test.each(VECTORS)(
    'Node floats of $clientSeed / $nonce match the known answers and the reference formula',
    (vector) => {
      const got = node.floats(vector, 12);
      expect(got.slice(0, 10)).toEqual(vector.u.map(u32));
      expect(got.slice(8, 12)).toEqual(vector.u8to11.map(u32));
      expect(got).toEqual(referenceFloats(vector.serverSeed, vector.clientSeed, vector.nonce, 12));
    },
  );

  test.each(VECTORS)('Web Crypto floats of $clientSeed / $nonce equal the Node ones', async (vector) => {
    expect(await web.floats(vector, 20)).toEqual(node.floats(vector, 20));
    expect(await web.floats(vector, 5, 6)).toEqual(node.floats(vector, 20).slice(6, 11));
  });

  test('the key is the seed hex string, the message the client seed, nonce and round', () => {
    const [vector] = VECTORS;
    const block = createHmac('sha256', Buffer.from(vector!.serverSeed, 'utf8'))
      .update(`${vector!.clientSeed}:${vector!.nonce}:0`)
      .digest();
    expect(floatToUint32(node.floats(vector!, 1)[0]!)).toBe(block.readUInt32BE(0));
    // The usual mistakes give other numbers: swapped key and message, decoded hex key, little-endian.
    const swapped = createHmac('sha256', `${vector!.clientSeed}:${vector!.nonce}:0`)
      .update(vector!.serverSeed)
      .digest();
    const decodedKey = createHmac('sha256', Buffer.from(vector!.serverSeed, 'hex'))
      .update(`${vector!.clientSeed}:${vector!.nonce}:0`)
      .digest();
    for (const wrong of [swapped.readUInt32BE(0), decodedKey.readUInt32BE(0), block.readUInt32LE(0)]) {
      expect(wrong).not.toBe(vector!.u[0]);
    }
  });

  test.each([
    [0, 1, 0, 0],
    [0, 8, 0, 0],
    [0, 9, 0, 1],
    [7, 2, 0, 1],
    [8, 8, 1, 1],
    [23, 1, 2, 2],
  ])('floats from %i, %i of them, use blocks %i … %i', (offset, count, first, last) => {
    expect(blockRange(offset, count)).toEqual({ first, last });
  });

  test('offsets read the same floats as one long stream', () => {
    const vector = VECTORS[0]!;
    const all = node.floats(vector, 40);
    for (const offset of [0, 3, 7, 8, 15, 31])
      expect(node.floats(vector, 9, offset)).toEqual(all.slice(offset, offset + 9));
  });

  test.each([
    [[0, 0, 0, 0], 0],
    [[0, 0, 0, 1], 2 ** -32],
    [[128, 0, 0, 0], 0.5],
    [[255, 255, 255, 255], 1 - 2 ** -32],
    [[1, 2, 3, 4], 1 / 256 + 2 / 256 ** 2 + 3 / 256 ** 3 + 4 / 256 ** 4],
  ])('bytes %o read as %f', (bytes, expected) => {
    expect(floatAt(Uint8Array.from(bytes), 0)).toBe(expected);
  });

  test('malformed blocks are programming errors', () => {
    expect(() => floatsFromBlocks([new Uint8Array(31)], 0, 1)).toThrow(RangeError);
    expect(() => blockRange(0, 0)).toThrow(RangeError);
    expect(() => floatToUint32(0.1)).toThrow(RangeError);
  });

  test('10⁶ floats fall evenly into 100 buckets (chi-square, 99 %)', () => {
    const input = { serverSeed: SEED_1, clientSeed: 'chi-square-0', nonce: 0 };
    const buckets = chiSquareAt99(() => {
      const counts = new Array<number>(100).fill(0);
      // One long stream: 125 000 blocks of 8 floats.
      for (const float of node.floats(input, 1_000_000)) counts[Math.floor(float * 100)]! += 1;
      return chiSquare(counts, new Array(100).fill(1 / 100));
    });
    expect(buckets.result.df).toBe(99);
    expect(buckets).toMatchObject({ passed: true });
    // The last byte of each float, which the bucket test above barely sees.
    const lowBytes = chiSquareAt99(() => {
      const bytes = node.floats({ ...input, nonce: 1 }, 250_000).map((float) => floatToUint32(float) & 0xff);
      return chiSquare(histogram(bytes, 256), new Array(256).fill(1 / 256));
    });
    expect(lowBytes).toMatchObject({ passed: true });
  });
});
