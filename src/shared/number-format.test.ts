import { describe, expect, test } from 'vitest';
import { numberFormat } from './number-format.ts';

describe('numberFormat', () => {
  test('one formatter per tag and options, formatting as a new one would', () => {
    const a = numberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    expect(numberFormat('pt-BR', { style: 'currency', currency: 'BRL' })).toBe(a);
    expect(numberFormat('pt-BR', { style: 'currency', currency: 'USD' })).not.toBe(a);
    expect(numberFormat('en-US', { style: 'currency', currency: 'BRL' })).not.toBe(a);
    expect(a.format(1234.5)).toBe(
      new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(1234.5),
    );
    expect(numberFormat('en-US').format(0.5)).toBe('0.5');
  });
});
