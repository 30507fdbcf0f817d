import { describe, expect, test } from 'vitest';
import { parseDecimal } from '../../../games/ratio.ts';
import { amountProblem, applyAmountAction, parseAmountInput, profitOnWin, toRatio } from './amount.ts';

const limits = { min: 100n, max: 1_000_000n };

describe('applyAmountAction', () => {
  test.each([
    ['half', 1_000n, null, 500n],
    ['half of an odd amount rounds down to a minor unit', 1_001n, null, 500n],
    ['half never goes under the minimum', 150n, null, 100n],
    ['double', 700n, null, 1_400n],
    ['double stops at the maximum', 600_000n, null, 1_000_000n],
    ['double stops at the balance when it is lower', 600n, 1_000n, 1_000n],
    ['double of zero is the minimum', 0n, null, 100n],
    ['min', 5_000n, null, 100n],
    ['max', 5_000n, null, 1_000_000n],
    ['max is the balance when it is lower', 5_000n, 20_000n, 20_000n],
    ['max ignores a balance under the minimum', 5_000n, 50n, 1_000_000n],
    ['zero', 5_000n, null, 0n],
  ] as const)('%s', (name, current, balance, expected) => {
    const action = name.split(' ')[0] as 'half' | 'double' | 'min' | 'max' | 'zero';
    expect(applyAmountAction(action, current, limits, balance)).toBe(expected);
  });
});

describe('parseAmountInput', () => {
  test.each([
    ['10', 1_000n],
    ['1.5', 150n],
    ['1,50', 150n],
    ['1 500.25', 150_025n],
    ['10.', 1_000n],
    ['0', 0n],
  ])('reads %j', (text, minor) => {
    expect(parseAmountInput(text)).toBe(minor);
  });

  test.each(['', 'abc', '1.234', '-1', '1e3', '1.2.3'])('refuses %j', (text) => {
    expect(parseAmountInput(text)).toBeNull();
  });
});

describe('amountProblem', () => {
  test('an amount within the limits can be bet', () => {
    expect(amountProblem(100n, limits)).toBeNull();
    expect(amountProblem(1_000_000n, limits)).toBeNull();
  });
  test('names the limit an amount breaks, like the server does', () => {
    expect(amountProblem(99n, limits)).toEqual({ code: 'bet_below_min', limit: 100n });
    expect(amountProblem(0n, limits)).toEqual({ code: 'bet_below_min', limit: 100n });
    expect(amountProblem(1_000_001n, limits)).toEqual({ code: 'bet_above_max', limit: 1_000_000n });
  });
  test('an unreadable amount is invalid', () => {
    expect(amountProblem(null, limits)).toEqual({ code: 'invalid_amount' });
  });
});

describe('profit on win', () => {
  test('is floor(amount × multiplier) − amount, as the server pays', () => {
    // 99 / 49.5 = 2: a 1.00 bet pays 2.00.
    expect(profitOnWin(100n, parseDecimal('2'))).toBe(100n);
    // 99 / 7 = 14.142857…: 1.00 pays 14.14 (rounded down).
    expect(profitOnWin(100n, { num: 99n, den: 7n })).toBe(1_314n);
  });
  test('reads numbers, decimal strings and ratios', () => {
    expect(toRatio(3.96)).toEqual(parseDecimal('3.96'));
    expect(toRatio('1.98')).toEqual(parseDecimal('1.98'));
    expect(toRatio({ num: 99n, den: 7n })).toEqual({ num: 99n, den: 7n });
    expect(toRatio(Number.NaN)).toBeNull();
    expect(toRatio('x')).toBeNull();
  });
});
