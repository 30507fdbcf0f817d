import { describe, expect, test } from 'vitest';
import { formatAmountInput, parseAmount, separators } from './amount-input.ts';

describe('amounts in the page locale', () => {
  test('separators come from Intl', () => {
    expect(separators('pt-BR')).toEqual({ decimal: ',', group: '.' });
    expect(separators('en-US')).toEqual({ decimal: '.', group: ',' });
    expect(separators('ru').decimal).toBe(',');
  });

  test.each([
    // pt-BR: "," decimal, "." groups
    ['pt-BR', '1.234,56', '1234.56'],
    ['pt-BR', '1234,56', '1234.56'],
    ['pt-BR', '1.234', '1234'],
    ['pt-BR', '1.234.567,5', '1234567.5'],
    ['pt-BR', '50,00', '50.00'],
    ['pt-BR', '10.5', '10.5'],
    ['pt-BR', 'R$ 1.234,56', '1234.56'],
    ['pt-BR', ',5', '0.5'],
    // ru and kk: "," decimal, spaces group (typed or the no-break spaces Intl writes)
    ['ru', '1 234,56', '1234.56'],
    ['ru', '1\u00a0234,56', '1234.56'],
    ['ru', '1\u202f234,56 ₽', '1234.56'],
    ['ru', '1500.5', '1500.5'],
    ['kk', '2 500', '2500'],
    // en-US and hi: "." decimal, "," groups (hi in lakhs too)
    ['en-US', '1,234.56', '1234.56'],
    ['en-US', '1,234', '1234'],
    ['en-US', '1500,5', '1500.5'],
    ['en-US', '0100', '100'],
    ['hi', '1,23,456.78', '123456.78'],
    ['hi', '₹2,500', '2500'],
  ])('%s: %j is %j', (tag, typed, decimal) => {
    expect(parseAmount(typed, tag)).toBe(decimal);
  });

  test.each([
    ['pt-BR', '1,234,56'], // the decimal separator twice
    ['pt-BR', '1.23.4'], // groups of one digit
    ['ru', '1.234'], // "." is no separator of ru: 1.234 or 1234?
    ['en-US', '1.2.3'],
    ['en-US', '12.345'], // three decimals
    ['en-US', '1,2345'],
    ['en-US', ''],
    ['en-US', 'abc'],
    ['en-US', '1e5'],
    ['en-US', '-5'],
    ['en-US', '1234567890123'], // more than 12 digits
    ['en-US', '5.'],
  ])('%s: %j is no amount', (tag, typed) => {
    expect(parseAmount(typed, tag)).toBeNull();
  });

  test.each([
    ['pt-BR', '2500.00', '2.500'],
    ['pt-BR', '126.83', '126,83'],
    ['pt-BR', '50.00', '50'],
    ['ru', '1500.50', '1\u00a0500,50'],
    ['en-US', '1234.5', '1,234.50'],
    ['hi', '123456.00', '1,23,456'],
  ])('%s shows %j as %j in the field, and reads it back', (tag, decimal, shown) => {
    expect(formatAmountInput(decimal, tag)).toBe(shown);
    expect(Number(parseAmount(formatAmountInput(decimal, tag), tag))).toBe(Number(decimal));
  });
});
