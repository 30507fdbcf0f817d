import { describe, expect, test } from 'vitest';
import { floats } from '../fair/node.ts';
import { add, multiply, type Ratio, ratio, toDecimal, toNumber, ZERO } from '../ratio.ts';
import { sampleBets } from '../testing/sampling.ts';
import { chiSquare, chiSquareAt99, histogram } from '../testing/stats.ts';
import { VECTORS } from '../testing/vectors.ts';
import {
  DRAW_COUNT,
  draw,
  type KenoRisk,
  MAX_PICKS,
  multiplier,
  outcome,
  PAYTABLES,
  POOL_SIZE,
  RISKS,
  validatePicks,
  validateRisk,
} from './engine.ts';

function choose(n: number, k: number): bigint {
  let result = 1n;
  for (let i = 1; i <= k; i += 1) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/** P(h hits | p picks): C(p, h) · C(40 − p, 10 − h) / C(40, 10). */
function hitProbability(picks: number, hits: number): Ratio {
  if (hits > DRAW_COUNT || DRAW_COUNT - hits > POOL_SIZE - picks) return ZERO;
  return ratio(
    choose(picks, hits) * choose(POOL_SIZE - picks, DRAW_COUNT - hits),
    choose(POOL_SIZE, DRAW_COUNT),
  );
}

function rtp(risk: KenoRisk, picks: number): Ratio {
  let sum = ZERO;
  for (let hits = 0; hits <= picks; hits += 1)
    sum = add(sum, multiply(multiplier(risk, picks, hits), hitProbability(picks, hits)));
  return sum;
}

// Exact expected return by risk and picks 1 … 10, truncated to 6 decimals (computed independently
// in Python with Fraction and math.comb).
const EXPECTED_RTP: Record<KenoRisk, string[]> = {
  classic: [
    '0.990000',
    '0.990384',
    '0.990182',
    '0.989604',
    '0.989858',
    '0.989665',
    '0.989815',
    '0.990228',
    '0.989753',
    '0.990373',
  ],
  low: [
    '0.987500',
    '0.988461',
    '0.988663',
    '0.989222',
    '0.989030',
    '0.990083',
    '0.989387',
    '0.990041',
    '0.990688',
    '0.987597',
  ],
  medium: [
    '0.987500',
    '0.986538',
    '0.989878',
    '0.987826',
    '0.989440',
    '0.988346',
    '0.989617',
    '0.989236',
    '0.989420',
    '0.989743',
  ],
  high: [
    '0.990000',
    '0.986538',
    '0.989878',
    '0.989057',
    '0.988893',
    '0.989987',
    '0.989617',
    '0.989571',
    '0.989644',
    '0.990083',
  ],
};

describe('keno', () => {
  test.each(VECTORS)('draws the known numbers for $clientSeed / $nonce, in draw order', (vector) => {
    expect(draw(floats(vector, 10))).toEqual(vector.drawn);
  });

  test.each([
    ['all floats 0 draw the lowest numbers', new Array(10).fill(0), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    [
      'all floats near 1 draw the highest',
      new Array(10).fill(1 - 2 ** -32),
      [40, 39, 38, 37, 36, 35, 34, 33, 32, 31],
    ],
    // Regression: a swap-with-last removal would draw 40 second.
    [
      'splice keeps the pool in order',
      [0.5, 20.5 / 39, ...new Array(8).fill(0)],
      [21, 22, 1, 2, 3, 4, 5, 6, 7, 8],
    ],
  ])('%s', (_, input, drawn) => {
    expect(draw(input)).toEqual(drawn);
  });

  test('every paytable has one group per count of picks, each with picks + 1 entries', () => {
    for (const risk of RISKS) {
      expect(PAYTABLES[risk]).toHaveLength(MAX_PICKS);
      PAYTABLES[risk].forEach((group, i) => {
        expect(group).toHaveLength(i + 2);
      });
    }
    expect(multiplier('classic', 1, 0)).toEqual(ZERO);
    expect(multiplier('low', 1, 0)).toEqual(ratio(7n, 10n));
    expect(multiplier('classic', 6, 3)).toEqual(ratio(368n, 100n));
    expect(multiplier('high', 10, 10)).toEqual(ratio(1000n));
  });

  test.each<[readonly number[], string | undefined]>([
    [[1], undefined],
    [[40, 1, 17, 23, 5, 6, 7, 8, 9, 10], undefined],
    [[], 'ERR_PICKS_COUNT'],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 'ERR_PICKS_COUNT'],
    [[0], 'ERR_PICK_RANGE'],
    [[41], 'ERR_PICK_RANGE'],
    [[2.5], 'ERR_PICK_RANGE'],
    [[3, 3], 'ERR_PICK_DUPLICATE'],
  ])('picks %o → %s', (picks, error) => {
    const result = validatePicks(picks);
    expect(result.ok ? undefined : result.error).toBe(error);
  });

  test.each([
    ['classic', true],
    ['high', true],
    ['extreme', false],
  ])('risk %s is valid: %s', (risk, valid) => {
    expect(validateRisk(risk).ok).toBe(valid);
  });

  test('settles hits in pick order with the multiplier for the hit count', () => {
    const vector = VECTORS[0]!; // draws 34, 21, 5, 9, 37, 1, 35, 13, 16, 22
    const result = outcome(floats(vector, 10), { risk: 'medium', picks: [1, 2, 3, 34, 35] });
    expect(result.hits).toEqual([1, 34, 35]);
    expect(result.multiplier).toEqual(ratio(4n));
  });

  test('the exact RTP of every risk × picks is the known value, within 98.6 % … 99.1 %', () => {
    const lines = [`picks  ${RISKS.map((r) => r.padStart(9)).join('')}`];
    for (let picks = 1; picks <= MAX_PICKS; picks += 1) {
      const row = RISKS.map((risk) => {
        const value = rtp(risk, picks);
        expect(toDecimal(value, 6)).toBe(EXPECTED_RTP[risk][picks - 1]!.replace(/\.?0+$/, ''));
        expect(toNumber(value)).toBeGreaterThan(0.986);
        expect(toNumber(value)).toBeLessThan(0.991);
        return `${(toNumber(value) * 100).toFixed(4)}%`.padStart(9);
      });
      lines.push(`${String(picks).padStart(5)}  ${row.join('')}`);
    }
    console.log(`Keno RTP (exact, hypergeometric)\n${lines.join('\n')}`);
  });

  test('hit probabilities of each count of picks sum to 1', () => {
    for (let picks = 1; picks <= MAX_PICKS; picks += 1) {
      let total = ZERO;
      for (let hits = 0; hits <= picks; hits += 1) total = add(total, hitProbability(picks, hits));
      expect(total).toEqual(ratio(1n));
    }
  });

  test('over 50 000 draws the first and last numbers are uniform and the hits of every count of picks are hypergeometric (chi-square, 99 %)', () => {
    const first: number[] = [];
    const last: number[] = [];
    // Picks 1 … p for p = 1 … 10: hits[p - 1] holds how many of them each draw hit.
    const hits = Array.from({ length: MAX_PICKS }, () => [] as number[]);
    for (const f of sampleBets('keno-chi-0', 50_000, DRAW_COUNT)) {
      const drawn = draw(f);
      first.push(drawn[0]! - 1);
      last.push(drawn[9]! - 1);
      for (let picks = 1; picks <= MAX_PICKS; picks += 1)
        hits[picks - 1]!.push(drawn.filter((n) => n <= picks).length);
    }
    const uniform = new Array(POOL_SIZE).fill(1 / POOL_SIZE);
    expect(chiSquareAt99(() => chiSquare(histogram(first, POOL_SIZE), uniform))).toMatchObject({
      passed: true,
    });
    expect(chiSquareAt99(() => chiSquare(histogram(last, POOL_SIZE), uniform))).toMatchObject({
      passed: true,
    });
    for (let picks = 1; picks <= MAX_PICKS; picks += 1) {
      const expected = Array.from({ length: picks + 1 }, (_, h) => toNumber(hitProbability(picks, h)));
      expect(
        chiSquareAt99(() => chiSquare(histogram(hits[picks - 1]!, picks + 1), expected)),
        `${picks} picks`,
      ).toMatchObject({
        passed: true,
      });
    }
  });
});
