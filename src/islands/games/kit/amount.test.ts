import { describe, expect, test } from 'vitest';
import { parseDecimal } from '../../../games/ratio.ts';
import {
  amountProblem,
  applyAmountAction,
  parseAmountInput,
  profitOnWin,
  readAmountInput,
  toRatio,
  withWinningMinimum,
} from './amount.ts';

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

describe('readAmountInput', () => {
  test.each([
    ['1,5', 'pt-BR', 150n],
    ['1.500,25', 'pt-BR', 150_025n],
    ['1.500', 'pt-BR', 150_000n],
    ['1,500', 'en-US', 150_000n],
    ['1 500,5', 'ru', 150_050n],
    ['0,01', 'kk', 1n],
    ['1,00,000', 'hi', 10_000_000n],
  ])('reads %j in %s', (text, tag, minor) => {
    expect(readAmountInput(text, tag)).toEqual({ minor });
  });

  test.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'not_a_number'],
    ['-1', 'not_a_number'],
    ['1e3', 'not_a_number'],
    ['1.2.3', 'not_a_number'],
    ['12abc', 'not_a_number'],
    ['1.234', 'too_many_decimals'],
    ['0,001', 'too_many_decimals'],
  ])('tells why %j is not an amount: %s', (text, problem) => {
    expect(readAmountInput(text, 'en-US')).toEqual({ minor: null, problem });
  });
});

describe('amountProblem', () => {
  const read = (text: string) => readAmountInput(text, 'en-US');

  test('an amount within the limits and the balance can be bet', () => {
    expect(amountProblem(read('1'), limits)).toBeNull();
    expect(amountProblem(read('10000'), limits)).toBeNull();
    expect(amountProblem(read('10'), limits, 1_000n)).toBeNull();
  });

  test('tells the cases apart, each once, in this order', () => {
    expect(amountProblem(read(''), limits)).toEqual({ code: 'empty' });
    expect(amountProblem(read('abc'), limits)).toEqual({ code: 'not_a_number' });
    expect(amountProblem(read('1.234'), limits)).toEqual({ code: 'too_many_decimals' });
    expect(amountProblem(read('0.99'), limits)).toEqual({ code: 'bet_below_min', limit: 100n });
    expect(amountProblem(read('0'), limits)).toEqual({ code: 'bet_below_min', limit: 100n });
    expect(amountProblem(read('10000.01'), limits, 50n)).toEqual({
      code: 'bet_above_max',
      limit: 1_000_000n,
    });
    expect(amountProblem(read('5'), limits, 400n)).toEqual({ code: 'above_balance', balance: 400n });
  });

  test('without the limits yet only the reading is checked', () => {
    expect(amountProblem(read('0.01'), null, 0n)).toBeNull();
    expect(amountProblem(read('x'), null)).toEqual({ code: 'not_a_number' });
  });
});

describe('profit on win', () => {
  test('is floor(amount × multiplier) − amount, as the server pays', () => {
    // 99 / 49.5 = 2: a 1.00 bet pays 2.00.
    expect(profitOnWin(100n, parseDecimal('2'))).toBe(100n);
    // 99 / 7 = 14.142857…: 1.00 pays 14.14 (rounded down).
    expect(profitOnWin(100n, { num: 99n, den: 7n })).toBe(1_314n);
  });
  test.each([
    // A tiny stake: 0.01 at 1.98× pays back 0.01 (0.0198 rounded down), no profit.
    [1n, '1.98', 0n],
    [5n, '1.98', 4n],
    [1n, '3.96', 2n],
    [1n, '99', 98n],
    [10n, '1.0102', 0n],
    [1n, '0', -1n],
  ])('a stake of %i minor units at %s× makes %i', (stake, multiplier, profit) => {
    expect(profitOnWin(stake, parseDecimal(multiplier))).toBe(profit);
  });
  test('reads numbers, decimal strings and ratios', () => {
    expect(toRatio(3.96)).toEqual(parseDecimal('3.96'));
    expect(toRatio('1.98')).toEqual(parseDecimal('1.98'));
    expect(toRatio({ num: 99n, den: 7n })).toEqual({ num: 99n, den: 7n });
    expect(toRatio(Number.NaN)).toBeNull();
    expect(toRatio('x')).toBeNull();
  });
});

describe('withWinningMinimum', () => {
  const usd = { min: 1n, max: 100_00n };

  test('raises the minimum to the smallest stake whose smallest win pays more than it', () => {
    expect(withWinningMinimum(usd, parseDecimal('1.98'))).toEqual({ min: 2n, max: 100_00n });
    expect(withWinningMinimum(usd, parseDecimal('1.0725'))).toEqual({ min: 14n, max: 100_00n });
  });

  test('leaves the limits when any stake in them can win, when nothing wins, or while unknown', () => {
    expect(withWinningMinimum({ min: 100n, max: 1_000_00n }, parseDecimal('1.1'))).toEqual({
      min: 100n,
      max: 1_000_00n,
    });
    expect(withWinningMinimum(usd, parseDecimal('2'))).toBe(usd);
    expect(withWinningMinimum(usd, null)).toBe(usd);
    expect(withWinningMinimum(null, parseDecimal('1.98'))).toBeNull();
  });
});
