import { type KenoRisk, MAX_PICKS, PAYTABLES } from '../../games/keno/engine.ts';
import { compare, type Ratio, toDecimal } from '../../games/ratio.ts';

/** One cell of the paytable row shown under the board. */
export interface PayCell {
  readonly hits: number;
  /** Exact multiplier as a decimal string ("3.96"). */
  readonly multiplier: string;
}

/** The multipliers for 0 … `picks` hits at `risk`; empty when nothing is picked. */
export function paytableRow(risk: KenoRisk, picks: number): PayCell[] {
  if (picks < 1 || picks > MAX_PICKS) return [];
  return PAYTABLES[risk][picks - 1]!.map((value, hits) => ({ hits, multiplier: toDecimal(value, 4) }));
}

/** The best multiplier `picks` numbers can win at `risk` (what a full win pays), or null. */
export function topMultiplier(risk: KenoRisk, picks: number): Ratio | null {
  if (picks < 1 || picks > MAX_PICKS) return null;
  return PAYTABLES[risk][picks - 1]!.reduce((best, value) => (compare(value, best) > 0 ? value : best));
}
