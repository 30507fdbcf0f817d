/**
 * Prize tables of the named cases (docs/fairness.md §3 "Case tables"): rows `min → multiplier`, checked
 * from the top; the prize is the first row with `float_0 ≥ min`.
 */
import type { CaseInfo } from './catalogue.ts';

export interface CaseRow {
  /** Decimal string; the last row's min is "0". */
  readonly min: string;
  /** Decimal string, times the case price. */
  readonly multiplier: string;
}

export type CaseTier = CaseInfo['tier'];

function parseRows(text: string): CaseRow[] {
  return text.split(',').map((row) => {
    const [min = '', multiplier = ''] = row.split('→').map((part) => part.trim());
    return { min, multiplier };
  });
}

/** Resolution of the designed tables: every min is a multiple of 2⁻²⁰. */
export const DESIGN_TICKS = 2 ** 20;

/**
 * Rows from probability widths in 2⁻²⁰ ticks, top row first. A min that is a multiple of 2⁻²⁰ is
 * also a multiple of 2⁻³², so each row's probability is exactly its width for the stream floats
 * too: the RTP computed from the widths holds bit for bit, not only in the continuous model.
 */
function rowsFromWidths(widths: readonly (readonly [ticks: number, multiplier: string])[]): CaseRow[] {
  let remaining = DESIGN_TICKS;
  return widths.map(([ticks, multiplier]) => {
    remaining -= ticks;
    // ticks / 2^20 = ticks × 5^20 / 10^20: an exact decimal with at most 20 fractional digits.
    const digits = (BigInt(remaining) * 5n ** 20n).toString().padStart(21, '0');
    const min = remaining === 0 ? '0' : `${digits.slice(0, 1)}.${digits.slice(1)}`.replace(/0+$/, '');
    return { min, multiplier };
  });
}

/**
 * The four reference tables are verbatim from docs/fairness.md. Comet (top ×50) and supernova
 * (top ×5000) are ours: RTP exactly 49/50 (see cases/engine.test.ts). One multiplier per table is
 * not a multiple of 0.05 (1.12, 0.12): 98 × 2²⁰ ≡ 3 (mod 5), so in hundredths the target cannot be
 * reached with multiples of 5 alone.
 */
export const CASE_TABLES: Readonly<Record<CaseTier, readonly CaseRow[]>> = {
  easy: parseRows(
    '0.99000001→23, 0.97000001→10, 0.93000001→3, 0.86000001→2, 0.76000001→1.09, 0.41000001→0.4, 0→0.1',
  ),
  medium: parseRows(
    '0.99900001→115, 0.99750001→41, 0.99350001→15, 0.98500001→10, 0.97000001→7.5, 0.94000001→3.5, 0.88000001→2, 0.75000001→1.5, 0.57000001→0.4, 0.30000001→0.2, 0→0',
  ),
  hard: parseRows(
    '0.99995001→1000, 0.99985001→495, 0.99970001→250, 0.99940001→100, 0.99900001→50, 0.99700001→35, 0.99400001→15, 0.99000001→10, 0.97000001→8, 0.92000001→3, 0.82000001→1.5, 0.72000001→0.8, 0.60000001→0.4, 0.35000001→0.2, 0→0',
  ),
  expert: parseRows(
    '0.99999801→10000, 0.99999201→3500, 0.99998001→1500, 0.99995001→850, 0.99990001→460, 0.99980001→250, 0.99960001→100, 0.99930001→75, 0.99890001→50, 0.99690001→20, 0.99190001→15, 0.98390001→10, 0.96390001→7, 0.93390001→5, 0.85390001→1.5, 0.70390001→0.7, 0.55390001→0.3, 0.35390001→0.15, 0→0',
  ),
  // Probability ≈ ticks / 1048576; the comment is each row's share of the 98 %.
  comet: rowsFromWidths([
    [2_097, '50'], // 0.0999
    [3_977, '20'], // 0.0759
    [9_545, '10'], // 0.0910
    [19_884, '5'], // 0.0948
    [31_815, '3'], // 0.0910
    [55_676, '2'], // 0.1062
    [71_584, '1.5'], // 0.1024
    [95_444, '1.12'], // 0.1019
    [103_404, '0.7'], // 0.0690
    [119_307, '0.4'], // 0.0455
    [535_843, '0.2'], // 0.1022
  ]),
  supernova: rowsFromWidths([
    [2, '5000'], // 0.0095
    [17, '1000'], // 0.0162
    [42, '500'], // 0.0200
    [112, '200'], // 0.0214
    [280, '100'], // 0.0267
    [839, '50'], // 0.0400
    [2_237, '25'], // 0.0533
    [8_389, '10'], // 0.0800
    [27_964, '5'], // 0.1333
    [97_874, '2'], // 0.1867
    [181_770, '1'], // 0.1733
    [279_641, '0.5'], // 0.1333
    [279_630, '0.25'], // 0.0667
    [169_779, '0.12'], // 0.0194
  ]),
};
