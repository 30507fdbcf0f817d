import { describe, expect, test } from 'vitest';
import { crashPointFromHash, previousHash, terminatingHash } from '../../../games/crash/chain.ts';
import { formatMultiplier } from '../../../games/crash/engine.ts';
import * as fair from '../../../games/fair/node.ts';
import { verify } from '../../../games/verifier.ts';
import type { Queryable } from '../../db/client.ts';
import { ChainReader, generateInWorker } from './chain.ts';

/** The checkpoints as a table that answers `select hash … where position = $1`. */
function checkpointTable(checkpoints: [number, string][]): Queryable {
  const byPosition = new Map(checkpoints);
  return {
    async query<Row>(_text: string, values: unknown[] = []) {
      const hash = byPosition.get(Number(values[0]));
      return (hash ? [{ hash }] : []) as Row[];
    },
  };
}

describe('the stored crash chain', () => {
  test('the worker keeps every 100th hash and the head; a game hash recomputed from them links down to h_0', async () => {
    const length = 1_050;
    const { checkpoints, terminating } = await generateInWorker(length, 100);
    expect(checkpoints.map(([p]) => p)).toEqual([
      1_050, 1_000, 900, 800, 700, 600, 500, 400, 300, 200, 100, 0,
    ]);
    const head = checkpoints[0]![1];
    expect(terminatingHash(head, length)).toBe(terminating);
    expect(checkpoints.at(-1)![1]).toBe(terminating);

    const reader = new ChainReader(checkpointTable(checkpoints), {
      length,
      every: 100,
      salt: 'salt',
      terminating,
    });
    // Every game hash, read upward as rounds play it, hashes to the one before it.
    let below = terminating;
    for (let i = 1; i <= length; i += 1) {
      const hash = await reader.hashAt(i);
      expect(previousHash(hash)).toBe(below);
      below = hash;
    }
    expect(below).toBe(head);
    // Checkpoints recompute the same hashes in any order (another segment, then back).
    expect(await reader.hashAt(1_000)).toBe(checkpoints[1]![1]);
    expect(await reader.hashAt(101)).toBe(previousHash(await reader.hashAt(102)));
    await expect(reader.hashAt(1_051)).rejects.toThrow(RangeError);
  });

  test('the crash point of a game hash agrees with the verifier of src/games', async () => {
    const { checkpoints } = await generateInWorker(50, 10);
    for (const [, hash] of checkpoints) {
      const result = await verify({ game: 'crash', hash, salt: 'orbita' }, fair);
      expect(result.crashPoint).toBe(Number(formatMultiplier(crashPointFromHash(hash, 'orbita'))));
    }
  });
});
