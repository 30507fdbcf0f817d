/**
 * A case's prize table for display: each row's multiplier, its chance and what it pays for the
 * case's price (price × multiplier, rounded down to a minor unit, as the server pays it).
 */
import { prize, rowProbabilities, tableOf } from '../../games/cases/engine.ts';
import { parseDecimal, toNumber } from '../../games/ratio.ts';

export interface PrizeRow {
  /** Index in the case table (0 is the top prize). */
  row: number;
  /** Decimal string ("1.09"). */
  multiplier: string;
  /** Probability in [0, 1], for display only. */
  chance: number;
  /** Prize in minor units of the price's currency. */
  prizeMinor: bigint;
}

/** Rows of the case `slug` for a price in minor units; an empty list for an unknown slug. */
export function prizeRows(slug: string, priceMinor: bigint): PrizeRow[] {
  const found = tableOf(slug);
  if (!found.ok) return [];
  const { table } = found.value;
  const probabilities = rowProbabilities(table);
  return table.map((row, i) => {
    const multiplier = parseDecimal(row.multiplier);
    return {
      row: i,
      multiplier: row.multiplier,
      chance: toNumber(probabilities[i]!),
      prizeMinor: prize(priceMinor, { row: i, multiplier }),
    };
  });
}

/**
 * Intl options for a chance shown in percent: two decimals down to 0.01 % and three significant
 * digits below, so 0.0002 % never reads as 0 %.
 */
export function chanceFormat(chance: number): Intl.NumberFormatOptions {
  return chance >= 0.0001
    ? { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }
    : { style: 'percent', maximumSignificantDigits: 3 };
}

/** The tone of a prize: a loss (below ×1), a small win, a big one (×10 and more), the top one. */
export function prizeTone(multiplier: string, row: number): 'loss' | 'win' | 'big' | 'top' {
  if (row === 0) return 'top';
  const m = Number(multiplier);
  return m < 1 ? 'loss' : m >= 10 ? 'big' : 'win';
}
