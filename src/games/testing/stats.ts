/** Test support: Pearson's chi-square goodness of fit at the 99 % level. */

// Upper 1 % points of the chi-square distribution for small degrees of freedom (standard tables).
const CRITICAL_99: Readonly<Record<number, number>> = {
  1: 6.635,
  2: 9.21,
  3: 11.345,
  4: 13.277,
  5: 15.086,
  6: 16.812,
  7: 18.475,
  8: 20.09,
  9: 21.666,
  10: 23.209,
};
const Z_99 = 2.326348;

/** The 99 % critical value: tabulated up to 10 degrees of freedom, Wilson–Hilferty above (error < 0.1 %). */
export function chiSquareCritical99(df: number): number {
  const tabulated = CRITICAL_99[df];
  if (tabulated !== undefined) return tabulated;
  const h = 2 / (9 * df);
  return df * (1 - h + Z_99 * Math.sqrt(h)) ** 3;
}

export interface ChiSquare {
  readonly statistic: number;
  readonly df: number;
  readonly critical: number;
}

/**
 * Compares observed counts with expected probabilities. Bins expected to hold fewer than 5 are
 * merged with their neighbours first, as the test requires.
 */
export function chiSquare(observed: readonly number[], probabilities: readonly number[]): ChiSquare {
  const total = observed.reduce((sum, count) => sum + count, 0);
  const bins: { observed: number; expected: number }[] = [];
  let pending = { observed: 0, expected: 0 };
  for (const [i, count] of observed.entries()) {
    pending = { observed: pending.observed + count, expected: pending.expected + total * probabilities[i]! };
    if (pending.expected >= 5) {
      bins.push(pending);
      pending = { observed: 0, expected: 0 };
    }
  }
  const last = bins.at(-1);
  if (last && pending.expected > 0) {
    last.observed += pending.observed;
    last.expected += pending.expected;
  }
  const statistic = bins.reduce((sum, bin) => sum + (bin.observed - bin.expected) ** 2 / bin.expected, 0);
  const df = bins.length - 1;
  return { statistic, df, critical: chiSquareCritical99(df) };
}

/** Counts of each value 0 … size−1. */
export function histogram(values: Iterable<number>, size: number): number[] {
  const counts = new Array<number>(size).fill(0);
  for (const value of values) counts[value]! += 1;
  return counts;
}

/**
 * Runs a 99 % chi-square test on one sample and reports its statistic. Samples come from fixed
 * seeds, so the verdict is deterministic: a fair mapping is rejected by 1 fixed sample in 100,
 * which a test author sees once and a later change to the mapping would see again.
 */
export function chiSquareAt99(run: () => ChiSquare): { passed: boolean; result: ChiSquare } {
  const result = run();
  return { passed: result.statistic < result.critical, result };
}
