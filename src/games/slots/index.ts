/**
 * The in-house slots' engine (docs/fairness.md "Slots", docs/slots-maths.md): `spinSlot` plays one
 * paid spin from the fairness stream, pure and deterministic; `SLOT_INFO` describes each game.
 */
import * as fruitExpress from './fruit-express.ts';
import * as starQuest from './star-quest.ts';
import { countingSource, type FloatSource, MAX_WIN } from './stream.ts';
import * as sugarStorm from './sugar-storm.ts';
import type { SlotSlug, SpinResult } from './types.ts';

export { arrayFloatSource, type FloatSource, floatSourceOf, MAX_WIN, StreamExhausted } from './stream.ts';
export type { SlotSlug, SlotStep, SlotSymbol, SlotWin, SpinResult } from './types.ts';
export { SLOT_SLUGS } from './types.ts';

export interface SlotInfo {
  name: string;
  category: 'video' | 'cascade' | 'classic';
  /** Return to player in percent, 2 decimals ("96.21"). */
  rtp: string;
  /** Share of paid spins that win anything, in percent ("24.51"). */
  hitFrequency: string;
  /** Standard deviation of one spin's win, in stakes ("6.3"). */
  volatility: string;
  /** `volatility` in words, for a badge. */
  volatilityClass: 'low' | 'medium' | 'high';
  /** The maximum win in hundredths of the stake. */
  maxWin: number;
  reels: number;
  rows: number;
  /** Paylines; 0 for pay-anywhere. */
  lines: number;
  symbols: readonly string[];
}

/** Figures from docs/slots-maths.md (exact computation or the recorded simulation). */
export const SLOT_INFO: Record<SlotSlug, SlotInfo> = {
  'star-quest': {
    name: 'Star Quest',
    category: 'video',
    rtp: '96.32',
    hitFrequency: '55.44',
    volatility: '2.9',
    volatilityClass: 'medium',
    maxWin: MAX_WIN,
    reels: starQuest.REELS,
    rows: starQuest.ROWS,
    lines: starQuest.PAYLINES.length,
    symbols: starQuest.SYMBOLS,
  },
  'sugar-storm': {
    name: 'Sugar Storm',
    category: 'cascade',
    rtp: '96.25',
    hitFrequency: '52.81',
    volatility: '7.5',
    volatilityClass: 'high',
    maxWin: MAX_WIN,
    reels: sugarStorm.REELS,
    rows: sugarStorm.ROWS,
    lines: 0,
    symbols: sugarStorm.SYMBOLS,
  },
  'fruit-express': {
    name: 'Fruit Express',
    category: 'classic',
    rtp: '96.30',
    hitFrequency: '23.98',
    volatility: '2.7',
    volatilityClass: 'low',
    maxWin: MAX_WIN,
    reels: fruitExpress.REELS,
    rows: fruitExpress.ROWS,
    lines: fruitExpress.PAYLINES.length,
    symbols: fruitExpress.SYMBOLS,
  },
};

const SPINS: Record<SlotSlug, (floats: FloatSource) => Omit<SpinResult, 'floatsUsed'>> = {
  'star-quest': starQuest.spinStarQuest,
  'sugar-storm': sugarStorm.spinSugarStorm,
  'fruit-express': fruitExpress.spinFruitExpress,
};

/** One paid spin of `game` from the stream: every screen, the total win (capped) and floats read. */
export function spinSlot(game: SlotSlug, floats: FloatSource): SpinResult {
  const counted = countingSource(floats);
  const result = SPINS[game](counted);
  return { ...result, floatsUsed: counted.used };
}
