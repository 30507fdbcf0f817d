import { numberFormat } from './number-format.ts';

/** Money helpers: amounts are bigint minor units; decimal strings only at the edges. */

/** Minor-unit digits per currency (all five use hundredths: kopeck, cent, tiyn, paisa). */
export const MINOR_DIGITS = 2;

/**
 * Parses a non-negative decimal string ("10", "0.01", "250000.5") into minor units.
 * Throws on anything else, including more fractional digits than the currency has.
 */
export function toMinor(decimal: string, digits = MINOR_DIGITS): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) throw new Error(`Expected a non-negative decimal amount, received "${decimal}"`);
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > digits) {
    throw new Error(`Expected at most ${digits} fractional digits, received "${decimal}"`);
  }
  return BigInt(whole) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0');
}

/** Minor units → canonical decimal string with exactly `digits` fractional digits. */
export function fromMinor(minor: bigint, digits = MINOR_DIGITS): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const base = 10n ** BigInt(digits);
  const whole = abs / base;
  const fraction = (abs % base).toString().padStart(digits, '0');
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${fraction}` : ''}`;
}

/**
 * Formats minor units for display per locale and currency (Intl; exact for |amount| < 2^53):
 * whole amounts without decimals ("RUB 990"), others with all of them ("RUB 1,109.80").
 */
export function formatMoney(
  minor: bigint,
  currency: string,
  languageTag: string,
  digits = MINOR_DIGITS,
): string {
  const value = Number(fromMinor(minor, digits));
  const whole = minor % 10n ** BigInt(digits) === 0n;
  return numberFormat(languageTag, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : digits,
    maximumFractionDigits: digits,
  }).format(value);
}
