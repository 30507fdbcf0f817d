import { describe, expect, test } from 'vitest';
import { formatMoney, formatMoneyText, fromMinor, toMinor } from './money.ts';

describe('minor units', () => {
  test.each([
    ['0', 0n],
    ['1', 100n],
    ['0.01', 1n],
    ['0.1', 10n],
    ['250000', 25_000_000n],
    ['92233720368547758.07', 9_223_372_036_854_775_807n],
  ])('%s ↔ %s', (decimal, minor) => {
    expect(toMinor(decimal)).toBe(minor);
    expect(toMinor(fromMinor(minor))).toBe(minor);
  });

  test.each(['-1', '1.001', '1e3', 'abc', '', '1.'])('rejects %j', (bad) => {
    expect(() => toMinor(bad)).toThrow(/Expected/);
  });

  test.each([
    [123456n, 'USD', 'en-US', '$1,234.56'],
    // Whole amounts keep their decimals: "$0" and "$100" read like a different kind of number.
    [0n, 'USD', 'en-US', '$0.00'],
    [10000n, 'USD', 'en-US', '$100.00'],
    [100n, 'RUB', 'ru', '1,00 ₽'],
    [123456n, 'EUR', 'pt-BR', '€ 1.234,56'],
    [110980n, 'RUB', 'en-US', 'RUB 1,109.80'],
    // Kazakh: the comma everywhere, never a mix of "0,00" and "0.00".
    [0n, 'KZT', 'kk', '0,00 ₸'],
    [-10n, 'USD', 'en-US', '-$0.10'],
  ])('%s minor units of %s in %s read %s', (minor, currency, tag, expected) => {
    expect(formatMoney(minor, currency, tag).replace(/\s/g, ' ')).toBe(expected);
  });

  test.each([
    ['-0.10', 'USD', 'en-US', '-$0.10'],
    ['+12.5', 'EUR', 'pt-BR', '€ 12,50'],
    ['12.50', 'INR', 'hi', '₹12.50'],
    ['abc', 'USD', 'en-US', 'abc USD'],
  ])('the API amount %j in %s, %s reads %s', (text, currency, tag, expected) => {
    expect(formatMoneyText(text, currency, tag).replace(/\s/g, ' ')).toBe(expected);
  });
});
