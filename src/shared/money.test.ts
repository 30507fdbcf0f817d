import { describe, expect, test } from 'vitest';
import { formatMoney, fromMinor, toMinor } from './money.ts';

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

  test('formats per locale and currency', () => {
    expect(formatMoney(123456n, 'USD', 'en-US')).toBe('$1,234.56');
    expect(formatMoney(100n, 'RUB', 'ru').replace(/\s/g, ' ')).toBe('1 ₽');
    expect(formatMoney(123456n, 'EUR', 'pt-BR').replace(/\s/g, ' ')).toBe('€ 1.234,56');
    // Never one decimal: 1109.8 is shown as 1,109.80.
    expect(formatMoney(110980n, 'RUB', 'en-US').replace(/\s/g, ' ')).toBe('RUB 1,109.80');
  });
});
