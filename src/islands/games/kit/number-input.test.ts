import { describe, expect, test } from 'vitest';
import { readNumberInput } from './number-input.ts';

describe('numbers as players type them', () => {
  test.each([
    ['49,5', 'pt-BR', 2, '49.5'],
    ['49.5', 'pt-BR', 2, '49.5'],
    ['1.500', 'pt-BR', 2, '1500'],
    ['1.500,25', 'pt-BR', 2, '1500.25'],
    ['1,500.25', 'en-US', 2, '1500.25'],
    ['1,500', 'en-US', 2, '1500'],
    ['12,345,678', 'en-US', 2, '12345678'],
    ['1,00,000', 'hi', 2, '100000'],
    ['1 500,5', 'ru', 2, '1500.5'],
    ['1\u00a0500,5', 'ru', 2, '1500.5'],
    ['14,1428', 'kk', 4, '14.1428'],
    ['.5', 'en-US', 2, '0.5'],
    ['10.', 'en-US', 2, '10'],
    ['007', 'en-US', 2, '7'],
    ['0', 'en-US', 2, '0'],
  ])('%j in %s (%i decimals) is %s', (text, tag, decimals, decimal) => {
    expect(readNumberInput(text, tag, decimals)).toEqual({ ok: true, decimal });
  });

  test.each([
    ['', 'empty'],
    [' ', 'empty'],
    ['abc', 'not_a_number'],
    ['1a', 'not_a_number'],
    ['-3', 'not_a_number'],
    ['1e3', 'not_a_number'],
    ['.', 'not_a_number'],
    ['1.2.3', 'not_a_number'],
    ['1,2,3', 'not_a_number'],
    ['1,5.000', 'not_a_number'],
    ['1.234', 'too_many_decimals'],
    ['0,001', 'too_many_decimals'],
  ])('%j is refused: %s', (text, problem) => {
    expect(readNumberInput(text, 'en-US', 2)).toEqual({ ok: false, problem });
  });

  test('a comma followed by three digits is a decimal comma where the locale writes one', () => {
    expect(readNumberInput('1,500', 'pt-BR', 2)).toEqual({ ok: false, problem: 'too_many_decimals' });
    expect(readNumberInput('1,500', 'pt-BR', 4)).toEqual({ ok: true, decimal: '1.500' });
  });
});
