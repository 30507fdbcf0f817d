/**
 * The named cases of /games/cases/{slug} (FAIRNESS.md §3: the four reference difficulties are
 * part of the default catalogue). Prices are in RUB minor units; the prize tables are in tables.ts.
 */
export interface CaseInfo {
  slug: string;
  tier: 'easy' | 'medium' | 'hard' | 'expert' | 'comet' | 'supernova';
  priceRubMinor: bigint;
  /** Largest multiplier of the case's prize table. */
  topMultiplier: number;
}

export const CASES: readonly CaseInfo[] = [
  { slug: 'easy', tier: 'easy', priceRubMinor: 5_000n, topMultiplier: 23 },
  { slug: 'medium', tier: 'medium', priceRubMinor: 10_000n, topMultiplier: 115 },
  { slug: 'hard', tier: 'hard', priceRubMinor: 25_000n, topMultiplier: 1000 },
  { slug: 'expert', tier: 'expert', priceRubMinor: 50_000n, topMultiplier: 10_000 },
  { slug: 'comet', tier: 'comet', priceRubMinor: 15_000n, topMultiplier: 50 },
  { slug: 'supernova', tier: 'supernova', priceRubMinor: 100_000n, topMultiplier: 5000 },
];

export function findCase(slug: string | undefined): CaseInfo | undefined {
  return CASES.find((c) => c.slug === slug);
}
