import { LANGUAGE_TAG, type Locale } from '../shared/locales.ts';
import { formatMoney } from '../shared/money.ts';

/** Locale-aware formatting for pages and islands: dates, numbers and money (minor units). */
export function formatters(locale: Locale) {
  const tag = LANGUAGE_TAG[locale];
  return {
    tag,
    number: (value: number, options?: Intl.NumberFormatOptions) =>
      new Intl.NumberFormat(tag, options).format(value),
    date: (value: Date | string, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }) =>
      new Intl.DateTimeFormat(tag, { timeZone: 'UTC', ...options }).format(
        typeof value === 'string' ? new Date(value) : value,
      ),
    money: (minor: bigint, currency: string) => formatMoney(minor, currency, tag),
  };
}
