import { compare, parseDecimal, type Ratio, ratio, toDecimal } from '../../games/ratio.ts';

/** One distinct multiplier of a wheel table and how likely it is. */
export interface LegendRow {
  /** Canonical decimal string ("1.5", "0"). */
  readonly multiplier: string;
  /** How many segments carry it. */
  readonly count: number;
  /** count / segments, exact. */
  readonly chance: Ratio;
  /** Colour rank: 0 for a zero multiplier, then 1, 2, … by increasing multiplier. */
  readonly tone: number;
}

/** The distinct multipliers of a wheel table, ascending, with their counts and chances. */
export function multiplierLegend(table: readonly string[]): LegendRow[] {
  const counts = new Map<string, { value: Ratio; count: number }>();
  for (const text of table) {
    const value = parseDecimal(text);
    const key = toDecimal(value, 4);
    const entry = counts.get(key);
    if (entry) entry.count++;
    else counts.set(key, { value, count: 1 });
  }
  const sorted = [...counts.entries()].sort(([, a], [, b]) => compare(a.value, b.value));
  const offset = sorted.some(([, { value }]) => value.num === 0n) ? 0 : 1;
  return sorted.map(([multiplier, { count }], rank) => ({
    multiplier,
    count,
    chance: ratio(BigInt(count), BigInt(table.length)),
    tone: rank + offset,
  }));
}

/** The colour rank of every segment of the table, in segment order. */
export function segmentTones(table: readonly string[], legend: readonly LegendRow[]): number[] {
  const tones = new Map(legend.map((row) => [row.multiplier, row.tone]));
  return table.map((text) => tones.get(toDecimal(parseDecimal(text), 4)) ?? 0);
}
