import { describe, expect, test } from 'vitest';
import { applyRatio, parseDecimal, ratio } from './ratio.ts';
import { canWin, largest, profitAt, smallestWin, smallestWinningStake } from './stakes.ts';

describe('what a stake can win (docs/fairness.md §8)', () => {
  test('the smallest win is the smallest multiplier above 1×; pushes and partial returns are not wins', () => {
    const keno = ['0', '0.7', '1', '1.1', '26'].map(parseDecimal);
    expect(smallestWin(keno)).toEqual(parseDecimal('1.1'));
    expect(smallestWin(['0', '1'].map(parseDecimal))).toBeNull();
    expect(largest(keno)).toEqual(parseDecimal('26'));
    expect(() => largest([])).toThrow(RangeError);
  });

  test.each([
    ['1.98', 2n],
    ['2', 1n],
    ['1.1', 10n],
    ['1.2', 5n],
    ['1.0725', 14n],
    ['1.03125', 32n],
    ['1.125', 8n],
    ['24.75', 1n],
  ])('a win at %s× pays more than the stake from %i minor units', (m, least) => {
    const r = parseDecimal(m);
    expect(smallestWinningStake(r)).toBe(least);
    // The boundary is exact: one unit less pays no more than the stake.
    expect(applyRatio(least, r)).toBeGreaterThan(least);
    if (least > 1n) expect(applyRatio(least - 1n, r)).toBeLessThanOrEqual(least - 1n);
  });

  test('every stake from 1 to 2000 minor units agrees with ⌈den / (num − den)⌉ for many multipliers', () => {
    for (let num = 101n; num <= 400n; num += 7n) {
      const m = ratio(num, 100n);
      const least = smallestWinningStake(m);
      for (let stake = 1n; stake <= 2000n; stake += 1n)
        expect([num, stake, canWin(stake, m)]).toEqual([num, stake, applyRatio(stake, m) > stake]);
      expect(canWin(least, m)).toBe(true);
    }
  });

  test('a multiplier of 1× or less has no winning stake; a bet without wins can always be placed', () => {
    expect(() => smallestWinningStake(ratio(1n))).toThrow(RangeError);
    expect(canWin(1n, null)).toBe(true);
  });

  test('profit rounds the payout down, as every payout does', () => {
    expect(profitAt(10_00n, parseDecimal('1.98'))).toBe(9_80n);
    expect(profitAt(1n, parseDecimal('1.98'))).toBe(0n);
  });
});
