import { describe, expect, test } from 'vitest';
import { floats, hmacSha256Hex, streamBlock } from '../fair/node.ts';
import * as web from '../fair/web.ts';
import { SEED_1 } from '../testing/reference.ts';
import { parseVerifyRequest, verify } from '../verifier.ts';
import {
  arrayFloatSource,
  floatSourceOf,
  MAX_WIN,
  SLOT_INFO,
  SLOT_SLUGS,
  StreamExhausted,
  spinSlot,
} from './index.ts';
import { nodeFloatSource } from './node.ts';
import { replaySpin, slotOutcome } from './verify.ts';

const seeds = (clientSeed: string, nonce: number) => ({ serverSeed: SEED_1, clientSeed, nonce });

describe('slots engine', () => {
  test('floatSourceOf reads the stream in order, block after block', () => {
    const source = floatSourceOf((round) => streamBlock(SEED_1, 'stream', 7, round));
    expect(Array.from({ length: 20 }, () => source.next())).toEqual(floats(seeds('stream', 7), 20));
    const node = nodeFloatSource(SEED_1, 'stream', 7);
    expect(Array.from({ length: 9 }, () => node.next())).toEqual(floats(seeds('stream', 7), 9));
  });

  test('a pre-drawn source says when it runs out', () => {
    const source = arrayFloatSource([0.5]);
    expect(source.next()).toBe(0.5);
    expect(() => source.next()).toThrow(StreamExhausted);
    expect(() => spinSlot('star-quest', arrayFloatSource([0.1, 0.2]))).toThrow(StreamExhausted);
  });

  test.each(SLOT_SLUGS)('%s is deterministic and reads exactly floatsUsed floats', (game) => {
    for (let nonce = 0; nonce < 50; nonce += 1) {
      const a = spinSlot(game, nodeFloatSource(SEED_1, 'determinism', nonce));
      const b = spinSlot(game, arrayFloatSource(floats(seeds('determinism', nonce), a.floatsUsed)));
      expect(b).toEqual(a);
      expect(a.win).toBeLessThanOrEqual(MAX_WIN);
      expect(Number.isInteger(a.win)).toBe(true);
    }
  });

  test.each(SLOT_SLUGS)('%s: SLOT_INFO describes the game', (game) => {
    const info = SLOT_INFO[game];
    expect(info.rtp).toMatch(/^96\.[0-4]\d$/);
    expect(info.hitFrequency).toMatch(/^\d{1,2}\.\d\d$/);
    expect(info.volatility).toMatch(/^\d+\.\d$/);
    expect(info.maxWin).toBe(500_000);
    const { steps } = spinSlot(game, nodeFloatSource(SEED_1, 'info', 0));
    expect(steps[0]!.grid).toHaveLength(info.reels);
    expect(steps[0]!.grid[0]).toHaveLength(info.rows);
    for (const symbol of steps[0]!.grid.flat()) expect(info.symbols).toContain(symbol);
  });
});

describe('the verifier agrees with the engine', () => {
  test.each(SLOT_SLUGS)(
    '%s: 1,000 recorded spins, through the Node and the Web Crypto primitives',
    async (game) => {
      const node = { floats, hmacSha256Hex };
      for (let nonce = 0; nonce < 1_000; nonce += 1) {
        const recorded = spinSlot(game, nodeFloatSource(SEED_1, 'recorded', nonce));
        const request = parseVerifyRequest(game, {
          'server-seed': SEED_1,
          'client-seed': 'recorded',
          nonce: String(nonce),
        });
        if (!request.ok) throw new Error(request.message);
        const expected = slotOutcome(recorded);
        expect(await verify(request.value, node)).toEqual(expected);
        // The browser's path: Web Crypto floats, drawn ahead, more when the spin needs them.
        if (nonce % 4 === 0 || recorded.floatsUsed > 8) {
          expect(await verify(request.value, web)).toEqual(expected);
          expect(await replaySpin(game, seeds('recorded', nonce), web)).toEqual(recorded);
        }
      }
    },
  );

  test('the CLI options of a slot are the seed pair and nonce', () => {
    const result = parseVerifyRequest('star-quest', {
      'server-seed': SEED_1,
      'client-seed': 'c',
      nonce: '1',
      mines: '3',
    });
    expect(result).toMatchObject({ ok: false, error: 'ERR_USAGE' });
  });
});
