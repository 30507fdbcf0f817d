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
 * The one money formatter of the site (pages, islands, notices): minor units per locale and
 * currency with every minor digit, signed when negative ("$100.00", "-$0.10", "1 000,00 ₸",
 * "R$ 0,98"). Exact for |amount| < 2^53 minor units.
 */
export function formatMoney(
  minor: bigint,
  currency: string,
  languageTag: string,
  digits = MINOR_DIGITS,
): string {
  const value = Number(fromMinor(minor, digits));
  try {
    return numberFormat(languageTag, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);
  } catch {
    // An unknown currency code: the amount in the tag's digits, then the code.
    return `${numberFormat(languageTag, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)} ${currency}`;
  }
}

/**
 * A decimal amount as the API sends it ("1500.00", signed in the history and in profits: "-12.50")
 * through `formatMoney`; the raw text with the code when it is not an amount.
 */
export function formatMoneyText(decimal: string, currency: string, languageTag: string): string {
  const text = decimal.trim();
  const negative = text.startsWith('-');
  try {
    const minor = toMinor(text.replace(/^[-+]/, ''));
    return formatMoney(negative ? -minor : minor, currency, languageTag);
  } catch {
    return `${decimal} ${currency}`;
  }
}
