import { createHash, createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { hmacSha256Hex } from '../fair/web.ts';
import { chiSquare, chiSquareAt99, histogram } from '../testing/stats.ts';
import { CRASH_VECTORS } from '../testing/vectors.ts';
import { crashPointFromHash, gameNumber, previousHash, terminatingHash, walkChain } from './chain.ts';
import {
  cashOutReturn,
  crashIntFromHmacHex,
  crashPointFromHmacHex,
  crashPointFromInt,
  elapsedForMultiplier,
  formatMultiplier,
  multiplierAt,
} from './engine.ts';

const TWO_POW_32 = 2 ** 32;

/** How many of the 2³² values of `int` crash at or above `hundredths` (crash points fall as int grows). */
function countAtOrAbove(hundredths: number): number {
  let low = 0; // crashPointFromInt(low − 1) ≥ hundredths holds for every int below `low`
  let high = TWO_POW_32;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (crashPointFromInt(mid) >= hundredths) low = mid + 1;
    else high = mid;
  }
  return low;
}

describe('crash', () => {
  test.each(CRASH_VECTORS)(
    'game hash $hash with salt $salt crashes at $crashPoint hundredths',
    async (vector) => {
      const hmac = createHmac('sha256', Buffer.from(vector.hash, 'utf8'))
        .update(vector.salt, 'utf8')
        .digest('hex');
      expect(hmac.slice(0, 8)).toBe(vector.hmacPrefix);
      expect(crashPointFromHash(vector.hash, vector.salt)).toBe(vector.crashPoint);
      expect(crashPointFromHmacHex(await hmacSha256Hex(vector.hash, vector.salt))).toBe(vector.crashPoint);
    },
  );

  test.each([
    ['00000000', 0, 425_201_762_304],
    ['00000001', 1, 212_600_881_152],
    // Regression: the double formula of docs/fairness.md §4 gives 1417339207.67 here, the exact rational .68.
    ['00000002', 2, 141_733_920_767],
    ['ffffffff', TWO_POW_32 - 1, 100],
    ['80000000', 2 ** 31, 197],
    ['7fffffff', 2 ** 31 - 1, 198],
  ])('hmac %s… (int %i) crashes at %i hundredths', (prefix, int, hundredths) => {
    expect(crashIntFromHmacHex(`${prefix}${'0'.repeat(56)}`)).toBe(int);
    expect(crashPointFromInt(int)).toBe(hundredths);
  });

  test('P(crash ≥ m) = floor(2³² × 0.99 / m) / 2³², so every cash-out target returns just under 0.99', () => {
    for (const target of [101, 110, 150, 198, 200, 333, 1_000, 10_000, 100_000, 1_000_000]) {
      const count = countAtOrAbove(target);
      expect(count).toBe(Math.floor((TWO_POW_32 * 99) / target));
      const rtp = (target / 100) * (count / TWO_POW_32);
      expect(rtp).toBeLessThanOrEqual(0.99);
      expect(rtp).toBeGreaterThan(0.99 - target / 100 / TWO_POW_32 - 1e-15);
    }
    // Instant crashes at 1.00×: 1 − 0.99 / 1.01 ≈ 1.98 % of games.
    expect(1 - countAtOrAbove(101) / TWO_POW_32).toBeCloseTo(1 - 0.99 / 1.01, 9);
  });

  test('crash points of 40 000 chain games follow the exact distribution (chi-square, 99 %)', () => {
    const edges = [100, 101, 120, 150, 200, 300, 500, 1_000, 10_000];
    const probabilities = edges.map((edge, i) => {
      const next = edges[i + 1];
      return (countAtOrAbove(edge) - (next ? countAtOrAbove(next) : 0)) / TWO_POW_32;
    });
    const result = chiSquareAt99(() => {
      const bins: number[] = [];
      let hash = createHash('sha256').update(`orbita-chain-0`).digest('hex');
      for (let game = 0; game < 40_000; game += 1) {
        const point = crashPointFromHash(hash, 'orbita-salt');
        bins.push(edges.findLastIndex((edge) => point >= edge));
        hash = previousHash(hash);
      }
      return chiSquare(histogram(bins, edges.length), probabilities);
    });
    expect(result).toMatchObject({ passed: true });
  });

  test.each([
    [0, 100],
    [1_000, 106],
    [11_552, 199],
    [11_553, 200],
    [60_000, 3_659],
    [100_000, 40_342],
  ])('%i ms after the start the multiplier shows %i hundredths', (ms, hundredths) => {
    expect(multiplierAt(ms)).toBe(hundredths);
  });

  test('elapsedForMultiplier is the first millisecond showing at least that multiplier', () => {
    for (let hundredths = 100; hundredths <= 100_000; hundredths += hundredths < 1_000 ? 1 : 97) {
      const ms = elapsedForMultiplier(hundredths);
      expect(multiplierAt(ms)).toBeGreaterThanOrEqual(hundredths);
      if (ms > 0) expect(multiplierAt(ms - 1)).toBeLessThan(hundredths);
    }
    expect(elapsedForMultiplier(200)).toBe(11_553);
    expect(() => elapsedForMultiplier(99)).toThrow(RangeError);
  });

  test('cash-outs pay stake × multiplier rounded down; multipliers print with two decimals', () => {
    expect(cashOutReturn(1_000n, 198)).toBe(1_980n);
    expect(cashOutReturn(333n, 150)).toBe(499n);
    expect(formatMultiplier(100)).toBe('1.00');
    expect(formatMultiplier(1_441)).toBe('14.41');
    expect(formatMultiplier(425_201_762_304)).toBe('4252017623.04');
  });

  test('the chain hashes each game into the previous one, down to the terminating hash', () => {
    const head = createHash('sha256').update('orbita-head').digest('hex');
    const chain = [...walkChain(head, 4)];
    expect(chain.map((link) => link.index)).toEqual([4, 3, 2, 1, 0]);
    for (const [i, link] of chain.slice(1).entries()) {
      expect(link.hash).toBe(createHash('sha256').update(chain[i]!.hash, 'utf8').digest('hex'));
    }
    const terminating = terminatingHash(head, 4);
    expect(chain.at(-1)!.hash).toBe(terminating);
    expect(gameNumber(chain[3]!.hash, terminating, 10)).toBe(1);
    expect(gameNumber(head, terminating, 10)).toBe(4);
    expect(gameNumber(head, terminating, 3)).toBeUndefined();
    expect(gameNumber(CRASH_VECTORS[0].hash, terminating, 10)).toBeUndefined();
  });
});
