import { describe, expect, test } from 'vitest';
import { CASES } from '../../games/cases/catalogue.ts';
import { chanceFormat, prizeRows, prizeTone } from './prizes.ts';

const percent = (chance: number) => new Intl.NumberFormat('en', chanceFormat(chance)).format(chance);

describe('case prize rows', () => {
  test('easy at 50 RUB: top prize ×23 pays 1150, chances add up to 100 %', () => {
    const rows = prizeRows('easy', 5_000n);
    expect(rows).toHaveLength(7);
    expect(rows[0]).toMatchObject({ row: 0, multiplier: '23', prizeMinor: 115_000n });
    expect(rows[4]).toMatchObject({ multiplier: '1.09', prizeMinor: 5_450n });
    expect(rows.reduce((sum, r) => sum + r.chance, 0)).toBeCloseTo(1, 12);
  });

  test.each(CASES.map((c) => [c.slug, c.topMultiplier] as const))('%s tops at ×%i', (slug, top) => {
    expect(Number(prizeRows(slug, 100n)[0]!.multiplier)).toBe(top);
  });

  test('prizes round down to a minor unit', () => {
    expect(prizeRows('expert', 333n).find((r) => r.multiplier === '0.15')!.prizeMinor).toBe(49n);
  });

  test('an unknown slug has no rows', () => {
    expect(prizeRows('nebula', 100n)).toEqual([]);
  });

  test.each([
    [0.35, '35.00%'],
    [0.0099999, '1.00%'],
    [0.00005, '0.005%'],
    [0.01, '1.00%'],
    [2 / 2 ** 20, '0.000191%'],
  ])('chance %f reads %s', (chance, text) => {
    expect(percent(chance)).toBe(text);
  });

  test.each([
    ['23', 0, 'top'],
    ['10', 1, 'big'],
    ['1.09', 4, 'win'],
    ['0.4', 5, 'loss'],
  ] as const)('×%s at row %i is a %s', (multiplier, row, tone) => {
    expect(prizeTone(multiplier, row)).toBe(tone);
  });
});
