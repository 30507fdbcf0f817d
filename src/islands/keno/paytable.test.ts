import { describe, expect, test } from 'vitest';
import { toDecimal } from '../../games/ratio.ts';
import { paytableRow, topMultiplier } from './paytable.ts';

describe('paytableRow', () => {
  test('lists the multiplier for every hit count from 0 to the picks', () => {
    expect(paytableRow('classic', 2)).toEqual([
      { hits: 0, multiplier: '0' },
      { hits: 1, multiplier: '1.9' },
      { hits: 2, multiplier: '4.5' },
    ]);
    expect(paytableRow('low', 1)).toEqual([
      { hits: 0, multiplier: '0.7' },
      { hits: 1, multiplier: '1.85' },
    ]);
    expect(paytableRow('high', 10)).toHaveLength(11);
  });

  test.each([0, 11])('is empty for %i picks', (picks) => {
    expect(paytableRow('medium', picks)).toEqual([]);
  });
});

describe('topMultiplier', () => {
  test.each([
    ['classic', 1, '3.96'],
    ['classic', 10, '100'],
    ['low', 5, '300'],
    ['medium', 3, '50'],
    ['high', 10, '1000'],
  ] as const)('%s with %i picks pays at most %s', (risk, picks, expected) => {
    const top = topMultiplier(risk, picks);
    expect(top && toDecimal(top)).toBe(expected);
  });

  test('is null with nothing picked', () => {
    expect(topMultiplier('classic', 0)).toBeNull();
  });
});
