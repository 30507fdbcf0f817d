/**
 * Cases (docs/fairness.md §3): `x = float_0`; the prize is the first row of the case's table, from the
 * top, with `x ≥ min`; it pays price × that row's multiplier.
 */
import { add, applyRatio, multiply, parseDecimal, type Ratio, ratio, subtract, ZERO } from '../ratio.ts';
import { fail, ok, type Result } from '../result.ts';
import { CASES } from './catalogue.ts';
import { CASE_TABLES, type CaseRow, type CaseTier } from './tables.ts';

export const FLOAT_COUNT = 1;

/**
 * Index of the prize row for `x`. Comparing the float with the double nearest each decimal min is
 * exact here: a stream float is a multiple of 2⁻³² and no such multiple lies between a min with
 * ≤ 8 decimals (or a multiple of 2⁻²⁰) and its nearest double.
 */
export function prizeRow(table: readonly CaseRow[], x: number): number {
  const index = table.findIndex((row) => x >= Number(row.min));
  if (index < 0) throw new RangeError(`No row of the table matches ${x}; the last row's min must be 0`);
  return index;
}

export type CasesError = 'ERR_CASE';

/** Finds the table of a catalogue slug. */
export function tableOf(slug: string): Result<{ tier: CaseTier; table: readonly CaseRow[] }, CasesError> {
  const info = CASES.find((c) => c.slug === slug);
  return info
    ? ok({ tier: info.tier, table: CASE_TABLES[info.tier] })
    : fail('ERR_CASE', `Expected a case slug (${CASES.map((c) => c.slug).join(', ')}), received "${slug}"`);
}

export interface CaseOutcome {
  readonly row: number;
  readonly multiplier: Ratio;
}

/** The opened case for the stream floats (only `float_0` is used). */
export function outcome(floats: readonly number[], table: readonly CaseRow[]): CaseOutcome {
  const x = floats[0];
  if (x === undefined) throw new RangeError('Cases need 1 float');
  const row = prizeRow(table, x);
  return { row, multiplier: parseDecimal(table[row]!.multiplier) };
}

/** What opening a case returns, in minor units: price × multiplier, rounded down. */
export function prize(price: bigint, result: CaseOutcome): bigint {
  return applyRatio(price, result.multiplier);
}

/** Probability of each row for a uniform x in [0, 1): the previous row's min (1 for the top) minus its own. */
export function rowProbabilities(table: readonly CaseRow[]): Ratio[] {
  let upper = ratio(1n);
  return table.map((row) => {
    const min = parseDecimal(row.min);
    const p = subtract(upper, min);
    upper = min;
    return p;
  });
}

/** Exact expected return of a table, Σ multiplier × probability. */
export function tableRtp(table: readonly CaseRow[]): Ratio {
  const probabilities = rowProbabilities(table);
  return table.reduce(
    (sum, row, i) => add(sum, multiply(parseDecimal(row.multiplier), probabilities[i]!)),
    ZERO,
  );
}
