/**
 * The dice inputs that move together (src/games/dice/engine.ts): target, win chance, multiplier
 * and payout all describe one bet. Each parser turns what the player typed into the bet's target
 * in hundredths, or null when the text is not usable; the chance is kept within 0.01 … 98 %.
 */
import { type DiceDirection, MAX_CHANCE, MIN_CHANCE } from '../../games/dice/engine.ts';
import { parseDecimal } from '../../games/ratio.ts';

/** 99 % in hundredths: multiplier = 9900 / chance. */
const PAYOUT_PERCENT = 9_900n;

export const clampChance = (chance: number): number => Math.min(MAX_CHANCE, Math.max(MIN_CHANCE, chance));

/** The target for a win chance (hundredths of a percent) and direction. */
export function targetForChance(chance: number, direction: DiceDirection): number {
  const c = clampChance(chance);
  return direction === 'under' ? c : 10_000 - c;
}

/** The lowest and highest targets a direction allows. */
export function targetRange(direction: DiceDirection): { min: number; max: number } {
  return direction === 'under'
    ? { min: MIN_CHANCE, max: MAX_CHANCE }
    : { min: 10_000 - MAX_CHANCE, max: 10_000 - MIN_CHANCE };
}

/** "49.5", "49,50" → 4950; null for anything but a number with at most two decimals. */
export function parseHundredths(text: string): number | null {
  const compact = text.trim().replace(',', '.');
  if (!/^\d{1,5}(\.\d{0,2})?$/.test(compact)) return null;
  const [whole = '0', fraction = ''] = compact.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A typed target, kept within the direction's range. */
export function targetFromInput(text: string, direction: DiceDirection): number | null {
  const value = parseHundredths(text);
  if (value === null) return null;
  const { min, max } = targetRange(direction);
  return Math.min(max, Math.max(min, value));
}

/** A typed win chance in percent → the target. */
export function targetFromChanceInput(text: string, direction: DiceDirection): number | null {
  const chance = parseHundredths(text);
  return chance === null ? null : targetForChance(chance, direction);
}

/** round(a / b) for positive bigints, halves up. */
function divideRounded(a: bigint, b: bigint): number {
  return Number((2n * a + b) / (2n * b));
}

/** A typed multiplier → the target whose chance (99 / multiplier) is nearest. */
export function targetFromMultiplierInput(text: string, direction: DiceDirection): number | null {
  let m: { num: bigint; den: bigint };
  try {
    m = parseDecimal(text.trim().replace(',', '.').replace(/[x×]$/i, ''));
  } catch {
    return null;
  }
  if (m.num === 0n) return null;
  return targetForChance(divideRounded(PAYOUT_PERCENT * m.den, m.num), direction);
}

/** A typed payout (minor units) for a stake (minor units) → the target whose multiplier is nearest. */
export function targetFromPayout(payout: bigint, amount: bigint, direction: DiceDirection): number | null {
  if (payout <= 0n || amount <= 0n) return null;
  return targetForChance(divideRounded(PAYOUT_PERCENT * amount, payout), direction);
}

/** "12.34" (the API's roll) → 1234; null when it is not a roll. */
export function rollFromText(text: unknown): number | null {
  if (typeof text === 'number') return text >= 0 && text <= 100 ? Math.round(text * 100) : null;
  if (typeof text !== 'string') return null;
  const value = parseHundredths(text);
  return value !== null && value <= 10_000 ? value : null;
}
