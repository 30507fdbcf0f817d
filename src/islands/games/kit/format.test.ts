import { describe, expect, test } from 'vitest';
import { formatMoney } from '../../../shared/money.ts';

import { amountInputText, formatChip, formatMultiplier, localizeDecimal, separatorsOf } from './format.ts';

describe('formatMultiplier', () => {
  test.each([
    ['1.98', '1.98×'],
    ['2', '2.00×'],
    ['14.1428', '14.14×'],
    ['1000', '1,000.00×'],
    [3.96, '3.96×'],
    [1.5, '1.50×'],
    [0, '0.00×'],
    [{ num: 99n, den: 7n }, '14.14×'],
  ])('formatMultiplier(%s) in en-US is %s', (input, expected) => {
    expect(formatMultiplier(input, 'en-US')).toBe(expected);
  });

  test.each([
    ['pt-BR', '1.98', '1,98×'],
    ['pt-BR', '1000', '1.000,00×'],
    ['ru', '14.1428', '14,14×'],
    ['kk', '0.4', '0,40×'],
    ['hi', '1.98', '1.98×'],
  ])('in %s %s is %s', (tag, input, expected) => {
    expect(formatMultiplier(input, tag)).toBe(expected);
  });
});

describe('the game inputs write numbers in the locale', () => {
  test.each([
    ['en-US', '.', ','],
    ['pt-BR', ',', '.'],
    ['ru', ',', '\u00a0'],
  ])('%s separates decimals with %j and groups with %j', (tag, decimal, group) => {
    expect(separatorsOf(tag)).toEqual({ decimal, group });
  });

  test('amounts and decimals', () => {
    expect(amountInputText(150n, 'en-US')).toBe('1.50');
    expect(amountInputText(150n, 'pt-BR')).toBe('1,50');
    expect(localizeDecimal('49.50', 'kk')).toBe('49,50');
    expect(localizeDecimal('49.50', 'hi')).toBe('49.50');
  });
});

describe('formatMoney', () => {
  test('always shows the minor digits, in the currency and locale', () => {
    expect(formatMoney(10_000n, 'USD', 'en-US')).toBe('$100.00');
    expect(formatMoney(12_683n, 'USD', 'pt-BR')).toBe('US$\u00a0126,83');
    expect(formatMoney(98n, 'RUB', 'en-US')).toBe('RUB\u00a00.98');
    expect(formatMoney(0n, 'EUR', 'pt-BR')).toBe('€\u00a00,00');
  });
});

describe('chips', () => {
  test.each([
    [10n, 'en-US', '0.10'],
    [10n, 'pt-BR', '0,10'],
    [50n, 'en-US', '0.50'],
    [500n, 'en-US', '5'],
    [100_000n, 'en-US', '1K'],
    [250_050n, 'en-US', '2.5K'],
  ])('%s minor units read %s in %s', (minor, tag, expected) => {
    expect(formatChip(minor, tag)).toBe(expected);
  });
});
