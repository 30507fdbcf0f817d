import { describe, expect, test } from 'vitest';
import { toDecimal } from '../../games/ratio.ts';
import { wheelTable } from '../../games/wheel/engine.ts';
import { multiplierLegend, segmentTones } from './legend.ts';

const plain = (rows: ReturnType<typeof multiplierLegend>) =>
  rows.map((row) => [row.multiplier, row.count, toDecimal(row.chance, 4), row.tone]);

describe('multiplierLegend', () => {
  test('groups the low table of 10 segments', () => {
    expect(plain(multiplierLegend(wheelTable('low', 10)))).toEqual([
      ['0', 2, '0.2', 0],
      ['1.2', 7, '0.7', 1],
      ['1.5', 1, '0.1', 2],
    ]);
  });

  test('groups the medium table of 30 segments with exact chances', () => {
    expect(plain(multiplierLegend(wheelTable('medium', 30)))).toEqual([
      ['0', 15, '0.5', 0],
      ['1.5', 6, '0.2', 1],
      ['1.7', 1, '0.0333', 2],
      ['2', 6, '0.2', 3],
      ['3', 1, '0.0333', 4],
      ['4', 1, '0.0333', 5],
    ]);
  });

  test('has one winning row on the high table', () => {
    expect(plain(multiplierLegend(wheelTable('high', 50)))).toEqual([
      ['0', 49, '0.98', 0],
      ['49.5', 1, '0.02', 1],
    ]);
  });

  test('treats equal values written differently as one multiplier', () => {
    expect(plain(multiplierLegend(['1.50', '1.5', '2', '2.0']))).toEqual([
      ['1.5', 2, '0.5', 1],
      ['2', 2, '0.5', 2],
    ]);
  });

  test.each([10, 20, 30, 40, 50] as const)('chances of every medium table of %i add up to 1', (segments) => {
    const legend = multiplierLegend(wheelTable('medium', segments));
    expect(legend.reduce((sum, row) => sum + row.count, 0)).toBe(segments);
  });
});

describe('segmentTones', () => {
  test('colours each segment by its multiplier', () => {
    const table = wheelTable('medium', 10);
    expect(segmentTones(table, multiplierLegend(table))).toEqual([0, 2, 0, 1, 0, 3, 0, 1, 0, 4]);
  });
});
