/**
 * The named cases of /games/cases/{slug} (docs/fairness.md §3: the four reference difficulties are
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

/**
 * Price scale of each currency against RUB (documented in docs/api-games.md): a case costs the
 * same in RUB and INR, a hundredth in USD and EUR, five times as much in KZT (as the docs/product-rules.md §9
 * bet bands scale).
 */
const PRICE_SCALE: Readonly<Record<string, { num: bigint; den: bigint }>> = {
  RUB: { num: 1n, den: 1n },
  INR: { num: 1n, den: 1n },
  USD: { num: 1n, den: 100n },
  EUR: { num: 1n, den: 100n },
  KZT: { num: 5n, den: 1n },
};

/** The case's price in minor units of `currency`. */
export function casePrice(info: CaseInfo, currency: string): bigint {
  const scale = PRICE_SCALE[currency];
  if (!scale) throw new RangeError(`No case price scale for ${currency}`);
  return (info.priceRubMinor * scale.num) / scale.den;
}
