import { describe, expect, test } from 'vitest';
import { autoPick, cryptoIndex } from './autoPick.ts';

describe('autoPick', () => {
  test.each([1, 5, 10])('picks %i distinct numbers from 1 to 40, ascending', (count) => {
    for (let round = 0; round < 200; round++) {
      const picks = autoPick(count);
      expect(picks).toHaveLength(count);
      expect(new Set(picks).size).toBe(count);
      expect(picks.every((n) => Number.isInteger(n) && n >= 1 && n <= 40)).toBe(true);
      expect(picks).toEqual([...picks].sort((a, b) => a - b));
    }
  });

  test('takes the number each random index points at in the shrinking pool', () => {
    // Always 0: the pool's head each time. Always the last index: 40 first, then the numbers
    // each swap parked at the end (1, then 2).
    expect(autoPick(3, () => 0)).toEqual([1, 2, 3]);
    expect(autoPick(3, (bound) => bound - 1)).toEqual([1, 2, 40]);
  });

  test('reaches every number of the board', () => {
    const seen = new Set<number>();
    for (let round = 0; round < 400; round++) for (const n of autoPick(10)) seen.add(n);
    expect(seen.size).toBe(40);
  });

  test.each([0, 11, 2.5, Number.NaN])('refuses a count of %s', (count) => {
    expect(() => autoPick(count)).toThrow(RangeError);
  });
});

describe('cryptoIndex', () => {
  test('stays below its bound', () => {
    for (const bound of [1, 2, 7, 40]) {
      for (let round = 0; round < 200; round++) {
        const index = cryptoIndex(bound);
        expect(index).toBeGreaterThanOrEqual(0);
        expect(index).toBeLessThan(bound);
      }
    }
  });

  test('refuses a bound it cannot draw from', () => {
    expect(() => cryptoIndex(0)).toThrow(RangeError);
  });
});
