import { describe, expect, test } from 'vitest';
import { add, applyRatio, compare, multiply, parseDecimal, ratio, subtract, toDecimal } from './ratio.ts';

describe('ratio', () => {
  test.each([
    ['3.96', 99n, 25n],
    ['.7', 7n, 10n],
    ['.0', 0n, 1n],
    ['10000', 10000n, 1n],
    ['0.00000001', 1n, 100000000n],
    ['0.99000001', 99000001n, 100000000n],
  ])('parses the published decimal %s exactly', (text, num, den) => {
    expect(parseDecimal(text)).toEqual({ num, den });
  });

  test.each(['', '.', '-1', '1e3', '1,5', ' 1'])('rejects the malformed decimal "%s"', (text) => {
    expect(() => parseDecimal(text)).toThrow(SyntaxError);
  });

  test.each([
    [ratio(99n, 7n), 4, '14.1428'],
    [ratio(1287n, 1200n), 4, '1.0725'],
    [ratio(3n, 2n), 2, '1.5'],
    [ratio(7n), 4, '7'],
    [ratio(1n, 3n), 0, '0'],
    [ratio(1n, 20000n), 4, '0'],
  ])('truncates %o to %i digits as %s', (value, digits, text) => {
    expect(toDecimal(value, digits)).toBe(text);
  });

  test.each([
    [100n, parseDecimal('1.98'), 198n],
    [333n, ratio(99n, 100n), 329n],
    [1n, parseDecimal('0.4'), 0n],
    [10n ** 30n, parseDecimal('3.96'), 396n * 10n ** 28n],
  ])('pays %i minor units at %o as %i, rounding down', (amount, multiplier, paid) => {
    expect(applyRatio(amount, multiplier)).toBe(paid);
  });

  test('adds, subtracts, multiplies and compares exactly', () => {
    const third = ratio(1n, 3n);
    expect(add(third, third)).toEqual(ratio(2n, 3n));
    expect(subtract(ratio(1n), third)).toEqual(ratio(2n, 3n));
    expect(multiply(third, ratio(3n, 2n))).toEqual(ratio(1n, 2n));
    expect(compare(third, ratio(333n, 1000n))).toBe(1);
    expect(compare(ratio(2n, 4n), ratio(1n, 2n))).toBe(0);
    expect(() => subtract(third, ratio(1n))).toThrow(RangeError);
  });
});
