import { describe, expect, test } from 'vitest';
import { floats } from '../fair/node.ts';
import {
  add,
  multiply,
  parseDecimal,
  type Ratio,
  ratio,
  subtract,
  toDecimal,
  toNumber,
  ZERO,
} from '../ratio.ts';
import { u32 } from '../testing/reference.ts';
import { sampleBets } from '../testing/sampling.ts';
import { chiSquare, chiSquareAt99, histogram } from '../testing/stats.ts';
import { VECTORS } from '../testing/vectors.ts';
import { CASES, findCase } from './catalogue.ts';
import { outcome, prize, prizeRow, rowProbabilities, tableOf, tableRtp } from './engine.ts';
import { CASE_TABLES, type CaseRow, type CaseTier, DESIGN_TICKS } from './tables.ts';

const TIERS = Object.keys(CASE_TABLES) as CaseTier[];
const TWO_POW_32 = 2n ** 32n;

/** Number of 32-bit floats u / 2³² that are ≥ min: 2³² − ceil(min × 2³²). */
function floatsAtOrAbove(min: Ratio): bigint {
  return TWO_POW_32 - (min.num * TWO_POW_32 + min.den - 1n) / min.den;
}

/** RTP by enumeration of all 2³² stream floats (counted per row, not looped). */
function rtpOverAllFloats(table: readonly CaseRow[]): Ratio {
  let above = 0n;
  let sum = ZERO;
  for (const row of table) {
    const atOrAbove = floatsAtOrAbove(parseDecimal(row.min));
    sum = add(sum, multiply(parseDecimal(row.multiplier), ratio(atOrAbove - above, TWO_POW_32)));
    above = atOrAbove;
  }
  return sum;
}

describe('cases', () => {
  test('every catalogue case has a table, with its top multiplier first', () => {
    for (const info of CASES) {
      const table = CASE_TABLES[info.tier];
      expect(Number(table[0]!.multiplier)).toBe(info.topMultiplier);
      expect(tableOf(info.slug)).toMatchObject({ ok: true, value: { tier: info.tier, table } });
    }
    expect(findCase('comet')?.tier).toBe('comet');
    expect(tableOf('nebula')).toMatchObject({ ok: false, error: 'ERR_CASE' });
  });

  test.each(TIERS)('the %s table has strictly decreasing mins ending at 0', (tier) => {
    const mins = CASE_TABLES[tier].map((row) => parseDecimal(row.min));
    expect(toNumber(mins.at(-1)!)).toBe(0);
    mins.slice(1).forEach((min, i) => {
      expect(toNumber(subtract(mins[i]!, min))).toBeGreaterThan(0);
    });
  });

  test.each([
    ['easy', '0.979999771', '0.979999769106'],
    ['medium', '0.97999885', '0.979998840182'],
    ['hard', '0.97999', '0.979989921534'],
    ['expert', '0.9799', '0.979897979425'],
    ['comet', '0.98', '0.98'],
    ['supernova', '0.98', '0.98'],
  ] as const)('the %s table returns %s (uniform x) and %s over all 2³² floats', (tier, uniform, discrete) => {
    expect(toDecimal(tableRtp(CASE_TABLES[tier]), 12)).toBe(uniform);
    expect(toDecimal(rtpOverAllFloats(CASE_TABLES[tier]), 12)).toBe(discrete);
  });

  test('the reference tables return exactly 98 % when each min is read as "above the round boundary"', () => {
    // Their mins are boundaries + 0.00000001, which takes 10⁻⁸ from the top row and gives it to
    // the bottom one: e.g. expert returns 0.98 − 10000 × 10⁻⁸ = 0.9799.
    for (const tier of ['easy', 'medium', 'hard', 'expert'] as const) {
      const shifted = CASE_TABLES[tier].map((row) => ({
        ...row,
        min: row.min === '0' ? '0' : toDecimal(subtract(parseDecimal(row.min), ratio(1n, 10n ** 8n)), 8),
      }));
      expect([tier, tableRtp(shifted)]).toEqual([tier, ratio(49n, 50n)]);
    }
  });

  test.each(['comet', 'supernova'] as const)(
    'the %s table is exactly 98 %%, with mins on the 2⁻²⁰ grid',
    (tier) => {
      const table = CASE_TABLES[tier];
      expect(tableRtp(table)).toEqual(ratio(49n, 50n));
      expect(rtpOverAllFloats(table)).toEqual(ratio(49n, 50n));
      for (const min of table.map((row) => parseDecimal(row.min))) {
        expect(BigInt(DESIGN_TICKS) % min.den).toBe(0n);
      }
      expect(rowProbabilities(table).reduce(add, ZERO)).toEqual(ratio(1n));
    },
  );

  test.each([
    ['comet', 0, '0.99800014495849609375'],
    ['comet', 10, '0'],
    ['supernova', 0, '0.9999980926513671875'],
    ['supernova', 1, '0.99998188018798828125'],
  ] as const)('the %s table row %i has min %s', (tier, row, min) => {
    expect(CASE_TABLES[tier][row]!.min).toBe(min);
  });

  test.each([
    ['easy', 0.99000001, '23'],
    ['easy', 0.99, '10'],
    ['easy', 0, '0.1'],
    ['easy', 0.41000001, '0.4'],
    ['expert', 1 - 2 ** -32, '10000'],
    ['expert', 0.5, '0.15'],
    ['supernova', 1 - 2 ** -19, '5000'],
    ['supernova', 1 - 2 ** -19 - 2 ** -32, '1000'],
  ] as const)('%s at x = %f pays %s×', (tier, x, multiplier) => {
    expect(outcome([x], CASE_TABLES[tier]).multiplier).toEqual(parseDecimal(multiplier));
  });

  test.each(VECTORS)('opens the known prizes for $clientSeed / $nonce', (vector) => {
    // x ≈ 0.848, 0.730, 0.578, 0.634: easy pays 1.09, 0.4, 0.4, 0.4.
    const expected = { 0: '1.09', 1: '0.4', 7: '0.4', 123456789: '0.4' }[vector.nonce];
    expect(outcome(floats(vector, 1), CASE_TABLES.easy).multiplier).toEqual(parseDecimal(expected!));
  });

  test('comparing the float with each min as a double agrees with exact comparison at every boundary', () => {
    for (const tier of TIERS) {
      const table = CASE_TABLES[tier];
      for (const [i, row] of table.entries()) {
        const min = parseDecimal(row.min);
        const first = TWO_POW_32 - floatsAtOrAbove(min); // the smallest u with u / 2³² ≥ min
        if (first > 0n) expect(prizeRow(table, u32(Number(first) - 1))).toBe(i + 1);
        expect(prizeRow(table, u32(Number(first)))).toBe(i);
      }
    }
  });

  test('a prize is price × multiplier, rounded down to a minor unit', () => {
    expect(prize(5_000n, { row: 4, multiplier: parseDecimal('1.09') })).toBe(5_450n);
    expect(prize(333n, { row: 0, multiplier: parseDecimal('0.15') })).toBe(49n);
  });

  const sampled = Array.from(sampleBets('cases-chi-0', 60_000, 1));
  test.each(Object.keys(CASE_TABLES) as CaseTier[])(
    'prizes of the %s table come up with the table probabilities (chi-square, 99 %%)',
    (tier) => {
      const table = CASE_TABLES[tier];
      const probabilities = rowProbabilities(table).map(toNumber);
      const result = chiSquareAt99(() => {
        const rows = sampled.map((f) => outcome(f, table).row);
        return chiSquare(histogram(rows, table.length), probabilities);
      });
      expect(result).toMatchObject({ passed: true });
    },
  );
});
