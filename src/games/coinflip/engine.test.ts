import { describe, expect, test } from 'vitest';
import { floats } from '../fair/node.ts';
import { multiply, ratio, toDecimal, toNumber } from '../ratio.ts';
import { meanWithBound, sampleBets } from '../testing/sampling.ts';
import { chiSquare, chiSquareAt99 } from '../testing/stats.ts';
import { VECTORS } from '../testing/vectors.ts';
import {
  type CoinSide,
  flips,
  MAX_FLIPS,
  multiplier,
  outcome,
  sideFromFloat,
  validateCalls,
} from './engine.ts';

describe('coinflip', () => {
  test.each(VECTORS)('flips the known sides for $clientSeed / $nonce', (vector) => {
    expect(flips(floats(vector, 8))).toEqual(vector.flips);
  });

  test.each([
    [0, 'tails'],
    [0.5 - 2 ** -32, 'tails'],
    [0.5, 'heads'],
    [1 - 2 ** -32, 'heads'],
  ])('float %f is %s', (float, side) => {
    expect(sideFromFloat(float)).toBe(side);
  });

  test.each([
    [1, '1.98'],
    [2, '3.96'],
    [3, '7.92'],
    [10, '1013.76'],
    [20, '1038090.24'],
  ])('%i correct calls pay %s×', (correct, shown) => {
    expect(toDecimal(multiplier(correct), 4)).toBe(shown);
  });

  test('every streak length returns exactly 0.99: (1/2)ⁿ × 0.99 × 2ⁿ', () => {
    for (let n = 1; n <= MAX_FLIPS; n += 1) {
      expect(multiply(ratio(1n, 2n ** BigInt(n)), multiplier(n))).toEqual(ratio(99n, 100n));
    }
  });

  test.each<[string[], boolean]>([
    [['heads'], true],
    [new Array(20).fill('tails'), true],
    [[], false],
    [new Array(21).fill('heads'), false],
    [['edge'], false],
  ])('calls %o are valid: %s', (calls, valid) => {
    expect(validateCalls(calls).ok).toBe(valid);
  });

  test('a series stops at the first wrong call', () => {
    const f = floats(VECTORS[0]!, 8); // heads, heads, tails, …
    expect(outcome(f, ['heads', 'heads'])).toEqual({
      flips: ['heads', 'heads'],
      correct: 2,
      lost: false,
      multiplier: multiplier(2),
    });
    expect(outcome(f, ['heads', 'heads', 'heads', 'heads'])).toEqual({
      flips: ['heads', 'heads', 'tails'],
      correct: 2,
      lost: true,
      multiplier: ratio(0n),
    });
  });

  test('400 000 flips split evenly (chi-square, 99 %) and a 3-call streak returns 0.99 (Monte Carlo)', () => {
    const returns: number[] = [];
    const calls: CoinSide[] = ['heads', 'tails', 'heads'];
    const evenly = chiSquareAt99(() => {
      let heads = 0;
      for (const f of sampleBets(`coinflip-chi-0`, 50_000, 8)) {
        for (const side of flips(f)) if (side === 'heads') heads += 1;
        returns.push(toNumber(outcome(f, calls).multiplier));
      }
      return chiSquare([heads, 400_000 - heads], [0.5, 0.5]);
    });
    expect(evenly).toMatchObject({ passed: true });
    const { mean, bound } = meanWithBound(returns);
    expect(Math.abs(mean - 0.99)).toBeLessThan(bound);
  });
});
