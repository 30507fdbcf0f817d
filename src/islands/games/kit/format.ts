import { type Ratio, toDecimal } from '../../../games/ratio.ts';
import { fromMinor } from '../../../shared/money.ts';
import { numberFormat } from '../../../shared/number-format.ts';

/**
 * Numbers on the game pages, in the player's locale (Intl): multipliers, percentages, amounts, and
 * the text of the game inputs (the locale's decimal separator, no grouping, so it reads back).
 */

const separators = new Map<string, { decimal: string; group: string }>();

/** The decimal and group separators of a language tag ("," and "." in pt-BR; "." and "," in en-US). */
export function separatorsOf(tag: string): { decimal: string; group: string } {
  let known = separators.get(tag);
  if (!known) {
    const parts = new Intl.NumberFormat(tag, { useGrouping: true }).formatToParts(12345.6);
    known = {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
    };
    separators.set(tag, known);
  }
  return known;
}

/** A canonical decimal string ("1234.50") written with the tag's decimal separator, for an input. */
export function localizeDecimal(decimal: string, tag: string): string {
  const { decimal: separator } = separatorsOf(tag);
  return separator === '.' ? decimal : decimal.replace('.', separator);
}

/** Minor units as an amount input shows them: "1.50" (en-US), "1,50" (pt-BR, ru). */
export function amountInputText(minor: bigint, tag: string): string {
  return localizeDecimal(fromMinor(minor), tag);
}

/**
 * A multiplier for display, two decimals truncated like the payout, in the tag's format and with
 * a "×": "1.98×" (en-US), "1,98×" (pt-BR), "1,000.00×". Accepts the API's decimal string, a number,
 * or an exact ratio from an engine.
 */
export function formatMultiplier(m: string | number | Ratio, tag: string): string {
  let text: string;
  if (typeof m === 'object') text = toDecimal(m, 2);
  else if (typeof m === 'number') text = Number.isFinite(m) ? String(Math.floor(m * 100 + 1e-9) / 100) : '0';
  else text = m.trim();
  const [whole = '0', fraction = ''] = text.split('.');
  const truncated = Number(`${whole || '0'}.${fraction.padEnd(2, '0').slice(0, 2)}`);
  const shown = numberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Number.isFinite(truncated) ? truncated : 0,
  );
  return `${shown}×`;
}

/** A plain number in the tag's format ("49,5" in pt-BR), e.g. a dice roll or a scale mark. */
export function formatNumber(value: number, tag: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(tag, options).format(value);
}

/**
 * A chip's face value, short like a real chip's ("5", "1K", "2.5K") but never hiding the minor
 * units of a small one: 0.10 reads "0.10" (or "0,10"), not "0.1".
 */
export function formatChip(minor: bigint, tag: string): string {
  const value = Number(fromMinor(minor));
  if (minor % 100n !== 0n && value < 1000)
    return numberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  return numberFormat(tag, { notation: 'compact', maximumFractionDigits: 2 }).format(value);
}
