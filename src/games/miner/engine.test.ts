import { describe, expect, test } from 'vitest';
import { floats } from '../fair/node.ts';
import { multiply, ratio, toDecimal, toNumber } from '../ratio.ts';
import { meanWithBound, sampleBets } from '../testing/sampling.ts';
import { chiSquare, chiSquareAt99, histogram } from '../testing/stats.ts';
import { VECTORS } from '../testing/vectors.ts';
import {
  FLOAT_COUNT,
  multiplier,
  outcome,
  pickOrder,
  placeMines,
  TILES,
  validateMineCount,
  validateReveals,
} from './engine.ts';

describe('miner', () => {
  test.each(VECTORS)('places the known mines for $clientSeed / $nonce', (vector) => {
    const f = floats(vector, FLOAT_COUNT);
    expect(placeMines(f, 3)).toEqual(vector.mines3);
    const all = placeMines(f, 24);
    expect(Array.from({ length: TILES }, (_, i) => i).filter((tile) => !all.includes(tile))).toEqual([
      vector.safeWith24,
    ]);
  });

  test('the first k picks of the 24-pick order are the k mines, for every k', () => {
    const f = floats(VECTORS[1]!, FLOAT_COUNT);
    const order = pickOrder(f);
    expect(new Set(order).size).toBe(24);
    for (let k = 1; k <= 24; k += 1)
      expect(placeMines(f, k)).toEqual(order.slice(0, k).sort((a, b) => a - b));
  });

  test('splice keeps the pool in order (regression: not a swap with the last tile)', () => {
    expect(pickOrder([0.5, 12.5 / 24, 0])).toEqual([12, 13, 0]);
  });

  test.each([
    [1, 1, '1.03125'],
    [3, 1, '1.125'],
    [3, 2, '1.285714'],
    [24, 1, '24.75'],
    [1, 24, '24.75'],
    [5, 20, '52598.7'],
    [3, 22, '2277'],
    [10, 0, '0.99'],
  ])('%i mines, %i safe tiles pay %s×', (mines, safe, shown) => {
    expect(toDecimal(multiplier(mines, safe), 6)).toBe(shown);
  });

  test.each([
    [0, false],
    [1, true],
    [24, true],
    [25, false],
    [2.5, false],
  ])('%i mines are valid: %s', (mines, valid) => {
    expect(validateMineCount(mines).ok).toBe(valid);
  });

  test.each<[number, number[], string | undefined]>([
    [3, [0, 24, 12], undefined],
    [3, [25], 'ERR_TILE'],
    [3, [-1], 'ERR_TILE'],
    [3, [4, 4], 'ERR_TILE_REPEATED'],
    [24, [0, 1], 'ERR_TOO_MANY_REVEALS'],
  ])('%i mines, reveals %o → %s', (mines, reveals, error) => {
    const result = validateReveals(mines, reveals);
    expect(result.ok ? undefined : result.error).toBe(error);
  });

  test('reveals stop at the first mine and pay nothing; all-safe reveals pay the multiplier', () => {
    const f = floats(VECTORS[0]!, FLOAT_COUNT); // mines 2, 12, 21
    expect(outcome(f, { mines: 3, reveals: [0, 1, 12, 3] })).toEqual({
      mines: [2, 12, 21],
      safe: 2,
      hitTile: 12,
      multiplier: ratio(0n),
    });
    expect(outcome(f, { mines: 3, reveals: [0, 1] })).toMatchObject({
      safe: 2,
      hitTile: undefined,
      multiplier: multiplier(3, 2),
    });
  });

  test('every (mines, gems) pair pays 0.99 × C(25, d) / C(25 − m, d), computed here from factorials', () => {
    const factorial = (n: number): bigint => (n <= 1 ? 1n : BigInt(n) * factorial(n - 1));
    const choose = (n: number, k: number) => factorial(n) / (factorial(k) * factorial(n - k));
    let pairs = 0;
    for (let mines = 1; mines <= 24; mines += 1) {
      for (let gems = 0; gems <= TILES - mines; gems += 1) {
        const exact = ratio(99n * choose(25, gems), 100n * choose(25 - mines, gems));
        expect([mines, gems, multiplier(mines, gems)]).toEqual([mines, gems, exact]);
        pairs += 1;
      }
    }
    expect(pairs).toBe(324);
    expect(() => multiplier(3, 23)).toThrow(RangeError);
  });

  test('RTP 99 % by enumeration of every board: opening tiles 0 … d−1 then cashing out', () => {
    // All C(25, m) boards for the mine counts where that is small enough to list.
    const boards = (mines: number, from = 0): number[][] =>
      mines === 0
        ? [[]]
        : Array.from({ length: TILES - from - mines + 1 }, (_, i) => from + i).flatMap((tile) =>
            boards(mines - 1, tile + 1).map((rest) => [tile, ...rest]),
          );
    for (const mines of [1, 2, 3, 22, 23, 24]) {
      const all = boards(mines);
      for (let gems = 1; gems <= TILES - mines; gems += 1) {
        const safe = all.filter((board) => board.every((tile) => tile >= gems)).length;
        const rtp = multiply(ratio(BigInt(safe), BigInt(all.length)), multiplier(mines, gems));
        expect([mines, gems, rtp]).toEqual([mines, gems, ratio(99n, 100n)]);
      }
    }
  });

  test('cashing out after any d safe tiles returns exactly 0.99 for every mine count', () => {
    // P(d safe) = C(25 − k, d) / C(25, d) = Π (25 − k − i) / (25 − i).
    for (let mines = 1; mines <= 24; mines += 1) {
      let survive = ratio(1n);
      for (let safe = 0; safe <= TILES - mines; safe += 1) {
        expect(multiply(survive, multiplier(mines, safe))).toEqual(ratio(99n, 100n));
        survive = multiply(survive, ratio(BigInt(TILES - mines - safe), BigInt(TILES - safe)));
      }
    }
  });

  test('Monte Carlo: 3 mines, five reveals then cash out, returns 0.99 within a 99.9 % bound', () => {
    const pays = toNumber(multiplier(3, 5));
    const returns = Array.from(sampleBets('miner-mc', 40_000, 3), (f) =>
      toNumber(outcome(f, { mines: 3, reveals: [0, 6, 12, 18, 24] }).multiplier) > 0 ? pays : 0,
    );
    const { mean, bound } = meanWithBound(returns);
    expect(Math.abs(mean - 0.99)).toBeLessThan(bound);
  });

  test('one mine lands on each tile, and 24 mines leave each tile safe, equally often (chi-square, 99 %)', () => {
    const uniform = new Array(TILES).fill(1 / TILES);
    const one = chiSquareAt99(() => {
      const mines = Array.from(sampleBets(`miner-chi-0`, 40_000, 1), (f) => placeMines(f, 1)[0]!);
      return chiSquare(histogram(mines, TILES), uniform);
    });
    expect(one).toMatchObject({ passed: true });
    const all = chiSquareAt99(() => {
      const safe = Array.from(sampleBets(`miner-chi-24-0`, 15_000, FLOAT_COUNT), (f) => {
        const mines = placeMines(f, 24);
        const gap = mines.findIndex((tile, i) => tile !== i);
        return gap === -1 ? 24 : gap;
      });
      return chiSquare(histogram(safe, TILES), uniform);
    });
    expect(all).toMatchObject({ passed: true });
  });
});
