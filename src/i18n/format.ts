import { formatDate } from '../shared/date-format.ts';
import { LANGUAGE_TAG, type Locale } from '../shared/locales.ts';
import { formatMoney } from '../shared/money.ts';
import { numberFormat } from '../shared/number-format.ts';

/** Locale-aware formatting for pages and islands: dates, numbers and money (minor units). */
export function formatters(locale: Locale) {
  const tag = LANGUAGE_TAG[locale];
  return {
    tag,
    number: (value: number, options?: Intl.NumberFormatOptions) => numberFormat(tag, options).format(value),
    date: (value: Date | string, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }) =>
      formatDate(value, tag, { timeZone: 'UTC', ...options }),
    money: (minor: bigint, currency: string) => formatMoney(minor, currency, tag),
  };
}
